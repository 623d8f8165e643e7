import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageNavigation } from '../../../app/navigation';
import { failureMessage, once, validateCasTicket } from '../api/ssoLogin';
import { SsoCard, SsoFailure, SsoWaiting, useFinishSignIn } from './SsoParts';

/**
 * `/sso/cas?ticket=ST-…`: where the CAS server sends the browser back. The server validates the
 * ticket with the CAS server; its answer is a sign-in, finished as the password sign-in's is, or
 * its reason, with the way back to the sign-in page.
 */
export default function SsoCasPage() {
  const { t } = useTranslation('sso');
  const { search } = usePageNavigation();
  const ticket = new URLSearchParams(search).get('ticket') ?? '';
  const finish = useFinishSignIn();
  const [failure, setFailure] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (!ticket) return;
    let live = true;
    once(`cas:${ticket}`, () => validateCasTicket(ticket)).then(
      (result) => live && finish(result),
      (error: unknown) => live && setFailure(failureMessage(error)),
    );
    return () => {
      live = false;
    };
  }, [ticket, finish]);

  const message = ticket ? failure : t('cas.noTicket');
  return (
    <SsoCard title={t('cas.title')} testId="sso-cas-page">
      {message ? <SsoFailure message={message} /> : <SsoWaiting label={t('cas.validating')} />}
    </SsoCard>
  );
}
