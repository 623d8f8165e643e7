import { Center, HStack, Text, type StackProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ParcelIcon } from './icons';

interface LogoProps extends StackProps {
  /** Size of the mark; the name scales with it. */
  size?: 'sm' | 'lg';
  showName?: boolean;
}

/** The product mark and name. */
export function Logo({ size = 'sm', showName = true, ...rest }: LogoProps) {
  const { t } = useTranslation();
  const large = size === 'lg';
  return (
    <HStack gap={large ? '3' : '2'} minW="0" {...rest}>
      <Center
        boxSize={large ? '11' : '8'}
        rounded={large ? 'xl' : 'lg'}
        bgGradient="to-br"
        gradientFrom="colorPalette.400"
        gradientTo="colorPalette.700"
        color="white"
        shadow="sm"
        flexShrink={0}
      >
        <ParcelIcon boxSize={large ? '6' : '5'} />
      </Center>
      {showName ? (
        <Text
          as="span"
          fontSize={large ? { base: '2xl', md: '3xl' } : 'lg'}
          fontWeight="semibold"
          letterSpacing="tight"
          truncate
          title={t('app.name')}
        >
          {t('app.name')}
        </Text>
      ) : null}
    </HStack>
  );
}
