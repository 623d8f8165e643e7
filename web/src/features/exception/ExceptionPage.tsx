import { Button, Flex, Heading, Link, Text, VStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Logo } from '../../components/Logo';

export type ExceptionCode = '403' | '404' | '500';

/** The 403, 404 and 500 pages: big status code, localized title and description, a way home. */
export function ExceptionPage({ code }: { code: ExceptionCode }) {
  const { t } = useTranslation('exception');
  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle" data-testid={`exception-${code}`}>
      <Flex as="header" justify="space-between" align="center" px={{ base: '4', md: '6' }} py="3" bg="bg" borderBottomWidth="1px">
        <Link asChild _hover={{ textDecoration: 'none' }} rounded="md">
          <RouterLink to="/">
            <Logo />
          </RouterLink>
        </Link>
        <LanguageSwitch />
      </Flex>
      <Flex as="main" flex="1" align="center" justify="center" px="6" py="12">
        <VStack gap="4" textAlign="center" maxW="lg">
          <Text
            as="p"
            aria-hidden="true"
            fontSize={{ base: '7xl', md: '9xl' }}
            fontWeight="bold"
            lineHeight="1"
            letterSpacing="tight"
            bgGradient="to-br"
            gradientFrom="colorPalette.300"
            gradientTo="colorPalette.700"
            bgClip="text"
            color="transparent"
          >
            {code}
          </Text>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
            {t(`${code}.title`)}
          </Heading>
          <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
            {t(`${code}.description`)}
          </Text>
          <Button asChild size="lg" mt="4" data-testid="back-home">
            <RouterLink to="/">{t('action.backHome', { ns: 'common' })}</RouterLink>
          </Button>
        </VStack>
      </Flex>
    </Flex>
  );
}

/** Route error boundary: an unexpected failure shows the 500 page. */
export function RouteErrorPage() {
  return <ExceptionPage code="500" />;
}
