import { Avatar, Box, Button, HStack, Menu, Portal, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChevronDownIcon, IdCardIcon, KeyIcon, LogOutIcon, SettingsIcon, SlidersIcon, SwitchIcon, TrashIcon } from '../../components/icons';
import { toaster } from '../../components/ui/toaster';
import { message } from '../../core';
import { currentLanguage } from '../../i18n';
import { avatarUrl } from '../../lib/avatar';
import { loadAllDicts, refreshServerDictCache } from '../../lib/dict';
import { loadPermissions, resetPermissions } from '../../lib/permission';
import { clearDictCache, useUserInfo } from '../../lib/session';
import { CENTER_PATH, SETTINGS_PATH } from '../../lib/routes';

/** The dialogs the user menu opens; the layout owns them so that a layout change keeps them open. */
export type UserDialog = 'password' | 'depart' | 'settings' | 'signOut';

/**
 * "Clear cache": the server drops its dictionary cache (`refleshCache`), then the local caches
 * (menu, fetched data, dictionaries) are replaced by fresh loads. The dictionaries are swapped in
 * one step (no empty cache meanwhile); if they cannot be loaded, the old ones are dropped.
 */
async function clearCache(queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  await refreshServerDictCache();
  queryClient.clear();
  resetPermissions();
  const dictionaries = loadAllDicts().catch((error: unknown) => {
    clearDictCache();
    throw error;
  });
  await Promise.all([loadPermissions(), dictionaries]);
}

/** The menu's entries before sign-out: what each is (the `onSelect` value), its test id, icon and label. */
const ITEMS = [
  { value: 'center', testId: 'menu-center', Icon: IdCardIcon, label: 'user.center' },
  { value: 'settings', testId: 'menu-account-settings', Icon: SettingsIcon, label: 'user.accountSettings' },
  { value: 'settings-drawer', testId: 'menu-system-settings', Icon: SlidersIcon, label: 'user.systemSettings' },
  { value: 'password', testId: 'menu-change-password', Icon: KeyIcon, label: 'user.changePassword' },
  { value: 'depart', testId: 'menu-switch-depart', Icon: SwitchIcon, label: 'user.switchDepart' },
  { value: 'clearCache', testId: 'menu-clear-cache', Icon: TrashIcon, label: 'user.clearCache' },
] as const;

/** The avatar menu: account pages, settings, password, department, cache, sign-out. */
export function UserMenu({ color, compact = false, onOpen }: { color?: string; compact?: boolean; onOpen: (dialog: UserDialog) => void }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUserInfo();
  const name = user?.realname || user?.username || '';

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
        onOpen('settings');
        break;
      default:
        onOpen(value as UserDialog);
    }
  }

  return (
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
              {ITEMS.map(({ value, testId, Icon, label }) => (
                <Menu.Item key={value} value={value} data-testid={testId}>
                  <Icon />
                  {t(label)}
                </Menu.Item>
              ))}
              <Menu.Separator />
              <Menu.Item value="signOut" color="fg.error" _hover={{ bg: 'bg.error', color: 'fg.error' }} data-testid="sign-out">
                <LogOutIcon />
                {t('action.signOut', { ns: 'common' })}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
  );
}
