import { Avatar, Box, Button, Dialog, HStack, Menu, Portal, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChevronDownIcon, IdCardIcon, KeyIcon, LogOutIcon, SettingsIcon, SlidersIcon, SwitchIcon, TrashIcon } from '../../components/icons';
import { toaster } from '../../components/ui/toaster';
import { message } from '../../core';
import { ChangePasswordDialog } from '../../features/account/components/ChangePasswordDialog';
import { SwitchDepartDialog } from '../../features/account/components/SwitchDepartDialog';
import { currentLanguage } from '../../i18n';
import { avatarUrl } from '../../lib/avatar';
import { LOGIN_PATH } from '../../lib/guard';
import { logout } from '../../lib/logout';
import { loadPermissions, resetPermissions } from '../../lib/permission';
import { clearDictCache, useUserInfo } from '../../lib/session';
import { CENTER_PATH, SETTINGS_PATH } from '../../lib/routes';
import { SettingDrawer } from './SettingDrawer';

type Dialogs = 'password' | 'depart' | 'settings' | 'signOut' | null;

/** Clears the local caches (dictionaries, menu, fetched data) and loads the permissions again. */
async function clearCache(queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  clearDictCache();
  queryClient.clear();
  resetPermissions();
  await loadPermissions();
}

/** The avatar menu: account pages, settings, password, department, cache, sign-out. */
export function UserMenu({ color, compact = false }: { color?: string; compact?: boolean }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUserInfo();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [signingOut, setSigningOut] = useState(false);
  const name = user?.realname || user?.username || '';
  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };

  async function onSelect(value: string) {
    switch (value) {
      case 'center':
        void navigate(CENTER_PATH);
        break;
      case 'settings':
        void navigate(SETTINGS_PATH);
        break;
      case 'clearCache':
        try {
          await clearCache(queryClient);
          toaster.create({ type: 'success', title: message('cache_cleared', currentLanguage()), duration: 3000 });
        } catch {
          toaster.create({ type: 'error', title: message('cache_clear_failed', currentLanguage()), duration: 4000 });
        }
        break;
      case 'settings-drawer':
        setDialog('settings');
        break;
      default:
        setDialog(value as Dialogs);
    }
  }

  async function signOut() {
    setSigningOut(true);
    await logout();
    queryClient.clear();
    setSigningOut(false);
    setDialog(null);
    void navigate(LOGIN_PATH, { replace: true });
  }

  return (
    <>
      <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={(details) => void onSelect(details.value)}>
        <Menu.Trigger asChild>
          <Button variant="ghost" size="sm" px="2" color={color} data-testid="user-menu" aria-label={t('user.menu')} _hover={{ bg: 'blackAlpha.100' }}>
            <HStack gap="2">
              <Avatar.Root size="xs" colorPalette="daybreak">
                <Avatar.Fallback name={name} />
                {user?.avatar ? <Avatar.Image src={avatarUrl(user.avatar)} /> : null}
              </Avatar.Root>
              {compact ? null : (
                <Text as="span" maxW="32" truncate fontWeight="normal" data-testid="user-name">
                  {name}
                </Text>
              )}
              <ChevronDownIcon boxSize="3.5" opacity="0.7" />
            </HStack>
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="52" data-testid="user-menu-content">
              <Box px="2" py="1.5">
                <Text fontWeight="medium" truncate>
                  {name}
                </Text>
                <Text fontSize="xs" color="fg.muted" truncate>
                  {user?.orgCodeTxt ? `${user.username} · ${user.orgCodeTxt}` : user?.username}
                </Text>
              </Box>
              <Menu.Separator />
              <Menu.Item value="center" data-testid="menu-center">
                <IdCardIcon />
                {t('user.center')}
              </Menu.Item>
              <Menu.Item value="settings" data-testid="menu-account-settings">
                <SettingsIcon />
                {t('user.accountSettings')}
              </Menu.Item>
              <Menu.Item value="settings-drawer" data-testid="menu-system-settings">
                <SlidersIcon />
                {t('user.systemSettings')}
              </Menu.Item>
              <Menu.Item value="password" data-testid="menu-change-password">
                <KeyIcon />
                {t('user.changePassword')}
              </Menu.Item>
              <Menu.Item value="depart" data-testid="menu-switch-depart">
                <SwitchIcon />
                {t('user.switchDepart')}
              </Menu.Item>
              <Menu.Item value="clearCache" data-testid="menu-clear-cache">
                <TrashIcon />
                {t('user.clearCache')}
              </Menu.Item>
              <Menu.Separator />
              <Menu.Item value="signOut" color="fg.error" _hover={{ bg: 'bg.error', color: 'fg.error' }} data-testid="sign-out">
                <LogOutIcon />
                {t('action.signOut', { ns: 'common' })}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>

      <ChangePasswordDialog open={dialog === 'password'} onOpenChange={closeDialog} />
      <SwitchDepartDialog open={dialog === 'depart'} onOpenChange={closeDialog} />
      <SettingDrawer open={dialog === 'settings'} onOpenChange={closeDialog} />

      <Dialog.Root role="alertdialog" open={dialog === 'signOut'} onOpenChange={(details) => closeDialog(details.open)} placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content maxW="sm" mx="4" data-testid="sign-out-dialog">
              <Dialog.Header>
                <Dialog.Title>{t('signOut.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body color="fg.muted">{t('signOut.confirm')}</Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">{t('action.cancel', { ns: 'common' })}</Button>
                </Dialog.ActionTrigger>
                <Button colorPalette="red" loading={signingOut} onClick={() => void signOut()} data-testid="sign-out-confirm">
                  {t('action.confirm', { ns: 'common' })}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
