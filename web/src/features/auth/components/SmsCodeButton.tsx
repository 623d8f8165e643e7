import { Button, type ButtonProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { toaster } from '../../../components/ui/toaster';
import { requestSmsCode, type SmsMode } from '../api/login';
import { useCountdown } from '../hooks/useCountdown';

/** Seconds before another code may be requested. */
export const SMS_RESEND_SECONDS = 60;

/**
 * "Get code" with a 60-second countdown. `beforeSend` validates the number (and resolves to it,
 * or to undefined to stop); the server's answer is shown as a toast.
 */
export function SmsCodeButton({
  mode,
  beforeSend,
  ...buttonProps
}: { mode: SmsMode; beforeSend: () => Promise<string | undefined> } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation('user');
  const countdown = useCountdown();

  async function send() {
    const mobile = await beforeSend();
    if (!mobile) return;
    countdown.start(SMS_RESEND_SECONDS);
    try {
      const envelope = await requestSmsCode(mobile, mode);
      toaster.create({ type: 'success', title: envelope.message || t('login.codeRequested'), duration: 4000 });
    } catch (failure) {
      countdown.reset();
      toaster.create({
        type: 'error',
        title: t('login.codeFailed'),
        description: failure instanceof Error ? failure.message : undefined,
        duration: 4000,
        closable: true,
      });
    }
  }

  return (
    <Button variant="outline" minW="32" flexShrink={0} disabled={countdown.running} onClick={() => void send()} data-testid="get-code" {...buttonProps}>
      {countdown.running ? t('login.resendIn', { seconds: countdown.secondsLeft }) : t('login.getCode')}
    </Button>
  );
}
