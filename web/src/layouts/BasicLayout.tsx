import { Box, Button, Container, Dialog, Flex, HStack, Link, Portal } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useNavigate } from 'react-router';
import { api } from '../api/client';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { Logo } from '../components/Logo';
import { LogOutIcon } from '../components/icons';
import { LOGIN_PATH } from '../features/auth/redirect';
import { clearSession } from '../lib/session';

/** Layout of the signed-in app. Menus, breadcrumbs and tabs join it with the permission issue. */
export default function BasicLayout() {
  const { t } = useTranslation(['common', 'dashboard']);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  async function signOut() {
    try {
      await api.post('/sys/logout', undefined, { notify: false });
    } catch {
      // Signing out locally must work even when the server call fails (spec section 4).
    }
    clearSession();
    void navigate(LOGIN_PATH, { replace: true });
  }

  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
        <Flex h="14" align="center" justify="space-between" px={{ base: '4', md: '6' }}>
          <Link asChild _hover={{ textDecoration: 'none' }} rounded="md">
            <RouterLink to="/dashboard/analysis">
              <Logo />
            </RouterLink>
          </Link>
          <HStack gap="1">
            <LanguageSwitch />
            <Dialog.Root role="alertdialog" open={confirming} onOpenChange={(details) => setConfirming(details.open)}>
              <Dialog.Trigger asChild>
                <Button variant="ghost" size="sm" data-testid="sign-out">
                  <LogOutIcon />
                  {t('action.signOut')}
                </Button>
              </Dialog.Trigger>
              <Portal>
                <Dialog.Backdrop />
                <Dialog.Positioner>
                  <Dialog.Content>
                    <Dialog.Header>
                      <Dialog.Title>{t('signOut.title', { ns: 'dashboard' })}</Dialog.Title>
                    </Dialog.Header>
                    <Dialog.Body>{t('signOut.confirm', { ns: 'dashboard' })}</Dialog.Body>
                    <Dialog.Footer>
                      <Dialog.ActionTrigger asChild>
                        <Button variant="outline">{t('action.cancel')}</Button>
                      </Dialog.ActionTrigger>
                      <Button onClick={() => void signOut()} data-testid="sign-out-confirm">
                        {t('action.confirm')}
                      </Button>
                    </Dialog.Footer>
                  </Dialog.Content>
                </Dialog.Positioner>
              </Portal>
            </Dialog.Root>
          </HStack>
        </Flex>
      </Box>
      <Container as="main" maxW="7xl" flex="1" py={{ base: '4', md: '6' }} px={{ base: '4', md: '6' }}>
        <Outlet />
      </Container>
    </Flex>
  );
}
