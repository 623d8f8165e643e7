import { Dialog } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormFooter } from '../../components/form/FormFooter';
import { DialogShell, OverlayHeader } from '../../components/overlay';
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
      <DialogShell
        role="alertdialog"
        open={open === 'signOut'}
        onOpenChange={change}
        size="md"
        closeButton={false}
        testId="sign-out-dialog"
        contentProps={{ maxW: 'sm', mx: '4' }}
      >
        <OverlayHeader title={t('signOut.title')} />
        <Dialog.Body color="fg.muted">{t('signOut.confirm')}</Dialog.Body>
        <FormFooter
          kind="dialog"
          size="md"
          saving={signingOut}
          onConfirm={() => void signOut()}
          colorPalette="red"
          submitLabel={t('action.confirm', { ns: 'common' })}
          submitTestId="sign-out-confirm"
          cancelLabel={t('action.cancel', { ns: 'common' })}
        />
      </DialogShell>
    </>
  );
}
