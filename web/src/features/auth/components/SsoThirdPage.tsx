import { Alert, Button, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageNavigation } from '../../../app/navigation';
import { ErrorAlert } from '../../../components/ErrorAlert';
import type { LoginResult } from '../api/login';
import { bindThirdAccount, failureMessage, isUnbound, once, thirdLoginUser } from '../api/ssoLogin';
import { useFieldChecks } from '../hooks/useFieldChecks';
import { CREDENTIAL_CHECKS, CredentialFields } from './PasswordLoginForm';
import { SsoCard, SsoFailure, SsoWaiting, useFinishSignIn } from './SsoParts';

type Stage = { kind: 'waiting' } | { kind: 'failed'; message: string } | { kind: 'bind'; message: string };

/**
 * `/sso/third?token=…` (or `?error=…`): where the server sends the browser back from a
 * third-party sign-in (OpenID Connect). The one-time token names the signed-in user, finished as
 * the password sign-in is; a third-party account not bound yet (409) is bound here with a local
 * username and password; anything else shows the server's reason and the way back.
 */
export default function SsoThirdPage() {
  const { t } = useTranslation('sso');
  const { search } = usePageNavigation();
  const query = new URLSearchParams(search);
  const token = query.get('token') ?? '';
  const error = query.get('error');
  const finish = useFinishSignIn();
  const [stage, setStage] = useState<Stage>({ kind: 'waiting' });

  useEffect(() => {
    if (error || !token) return;
    let live = true;
    once(`third:${token}`, () => thirdLoginUser(token)).then(
      (result) => live && finish(result),
      (failure: unknown) => {
        if (!live) return;
        const message = failureMessage(failure);
        setStage(isUnbound(failure) ? { kind: 'bind', message } : { kind: 'failed', message });
      },
    );
    return () => {
      live = false;
    };
  }, [token, error, finish]);

  const shown: Stage = error ? { kind: 'failed', message: error } : token ? stage : { kind: 'failed', message: t('third.noToken') };
  return (
    <SsoCard title={shown.kind === 'bind' ? t('bind.title') : t('third.title')} testId="sso-third-page">
      {shown.kind === 'waiting' ? <SsoWaiting label={t('third.signingIn')} /> : null}
      {shown.kind === 'failed' ? <SsoFailure message={shown.message} /> : null}
      {shown.kind === 'bind' ? <BindForm token={token} unbound={shown.message} onSignedIn={finish} /> : null}
    </SsoCard>
  );
}

/** The local account to bind the third-party one to: username and password, as the sign-in form asks them. */
function BindForm({ token, unbound, onSignedIn }: { token: string; unbound: string; onSignedIn: (result: LoginResult) => void }) {
  const { t } = useTranslation('sso');
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const { register, handleSubmit, errors } = useFieldChecks({ username: '', password: '' }, CREDENTIAL_CHECKS);

  const bind = (values: { username: string; password: string }) => {
    setSubmitting(true);
    setRefusal(undefined);
    bindThirdAccount(token, values.username.trim(), values.password).then(onSignedIn, (failure: unknown) => {
      setSubmitting(false);
      setRefusal(failureMessage(failure));
    });
  };

  return (
    <form noValidate data-testid="sso-bind-form" onSubmit={handleSubmit(bind)}>
      <Stack gap="5">
        <Alert.Root status="info" size="sm" data-testid="sso-unbound">
          <Alert.Indicator />
          <Alert.Title>{unbound}</Alert.Title>
        </Alert.Root>
        <ErrorAlert message={refusal} title={t('bind.failed')} testId="sso-bind-error" />
        <CredentialFields form={{ register, errors }} testIdPrefix="sso-bind" />
        <Button type="submit" size="lg" w="full" loading={submitting} loadingText={t('bind.submitting')} data-testid="sso-bind-submit">
          {t('bind.submit')}
        </Button>
      </Stack>
    </form>
  );
}
