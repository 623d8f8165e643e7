import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChangePasswordDialog } from '../../features/account/components/ChangePasswordDialog';
import { SwitchDepartDialog } from '../../features/account/components/SwitchDepartDialog';
import { LOGIN_PATH } from '../../lib/guard';
import { logout } from '../../lib/logout';
import { SettingDrawer } from './SettingDrawer';
import type { UserDialog } from './UserMenu';

/** The dialogs of the user menu: password, department, settings drawer, sign-out confirmation. */
export function UserDialogs({ open, onClose }: { open: UserDialog | null; onClose: () => void }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);
  const change = (isOpen: boolean) => {
    if (!isOpen) onClose();
  };

  async function signOut() {
    setSigningOut(true);
    await logout();
    queryClient.clear();
    setSigningOut(false);
    onClose();
    void navigate(LOGIN_PATH, { replace: true });
  }

  return (
    <>
      <ChangePasswordDialog open={open === 'password'} onOpenChange={change} />
      <SwitchDepartDialog open={open === 'depart'} onOpenChange={change} />
      <SettingDrawer open={open === 'settings'} onOpenChange={change} />
      <Dialog.Root role="alertdialog" open={open === 'signOut'} onOpenChange={(details) => change(details.open)} placement="center">
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
