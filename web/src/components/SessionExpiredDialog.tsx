import { Button, Dialog } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { message } from '../core';
import { toLanguage, FALLBACK_LANGUAGE } from '../i18n';
import { LOGIN_PATH } from '../lib/guard';
import { logout } from '../lib/logout';
import { closeSessionExpired, useSessionExpired } from '../lib/session-expiry';
import { DialogShell, OverlayHeader } from './overlay';

/**
 * "登录已过期 / 很抱歉，登录已过期，请重新登录" (spec section 8): shown once when a call finds the
 * token expired; its button signs out and reloads, so the guard sends the user to login (unless
 * the user is already there).
 */
async function signInAgain() {
  await logout();
  closeSessionExpired();
  if (window.location.pathname !== LOGIN_PATH) window.location.reload();
}

export function SessionExpiredDialog() {
  const { i18n } = useTranslation();
  const open = useSessionExpired();
  const lang = toLanguage(i18n.language) ?? FALLBACK_LANGUAGE;

  return (
    <DialogShell
      role="alertdialog"
      open={open}
      closeOnInteractOutside={false}
      closeOnEscape={false}
      size="md"
      closeButton={false}
      testId="session-expired"
      contentProps={{ maxW: 'md' }}
    >
      <OverlayHeader title={message('login_expired_title', lang)} />
      <Dialog.Body color="fg.muted">{message('login_expired_content', lang)}</Dialog.Body>
      <Dialog.Footer>
        <Button onClick={() => void signInAgain()} data-testid="sign-in-again">
          {message('sign_in_again', lang)}
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
