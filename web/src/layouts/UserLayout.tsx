import { Box, Flex, Link, Text, VStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageLink, PageOutlet } from '../app/navigation';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { Logo } from '../components/Logo';

/** The year in the copyright line, fixed when the app loads. */
const YEAR = new Date().getFullYear();

/**
 * Layout of the public account pages (`/user/*`): brand, language switch, centred content,
 * footer. Its routing comes from src/app/navigation.tsx (react-router, or the sign-in stage).
 */
export default function UserLayout() {
  const { t } = useTranslation();
  return (
    <Flex direction="column" minH="100dvh" bgGradient="to-b" gradientFrom="colorPalette.50" gradientTo="bg.subtle">
      <Flex as="header" justify="flex-end" px={{ base: '3', md: '6' }} py="3">
        <LanguageSwitch />
      </Flex>
      <Flex
        as="main"
        flex="1"
        direction="column"
        align="center"
        justify="center"
        gap={{ base: '6', md: '8' }}
        px={{ base: '4', sm: '6' }}
        pb={{ base: '6', md: '12' }}
      >
        <VStack gap="3" textAlign="center">
          <Link asChild _hover={{ textDecoration: 'none' }} rounded="md">
            <PageLink to="/">
              <Logo size="lg" />
            </PageLink>
          </Link>
          <Text color="fg.muted" fontSize={{ base: 'sm', md: 'md' }}>
            {t('app.tagline')}
          </Text>
        </VStack>
        <PageOutlet />
      </Flex>
      <Box as="footer" py="6" px="4" textAlign="center">
        <Text fontSize="sm" color="fg.subtle">
          {t('app.copyright', { year: YEAR })}
        </Text>
      </Box>
    </Flex>
  );
}
