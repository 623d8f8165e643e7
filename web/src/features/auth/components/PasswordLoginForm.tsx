import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LockIcon, UserIcon } from '../../../components/icons';
import { validateRequired } from '../../../core';
import i18n, { currentLanguage } from '../../../i18n';
import type { LoginRequest } from '../api/login';
import { useFieldChecks } from '../hooks/useFieldChecks';
import { Input } from './LightField';
import { LoginError, LoginField, PasswordToggle, RememberAndForgot, SubmitButton } from './LoginFormParts';

/** Required-field check through the WASM core, with the field's label in the current language. */
const required = (labelKey: 'login.username' | 'login.password') => (value: string) =>
  validateRequired(value, i18n.t(labelKey, { ns: 'user' }), currentLanguage()) ?? true;

/** In the order of the fields (the first at fault takes the focus); the SSO bind form's too. */
export const CREDENTIAL_CHECKS = { username: required('login.username'), password: required('login.password') };

type CredentialForm = ReturnType<typeof useFieldChecks<'username' | 'password'>>;

/** The username and password fields: the sign-in form's and the SSO bind form's (`testIdPrefix`-username, -password). */
export function CredentialFields({ form, testIdPrefix }: { form: Pick<CredentialForm, 'register' | 'errors'>; testIdPrefix?: string }) {
  const { t } = useTranslation('user');
  const [showPassword, setShowPassword] = useState(false);
  const testId = (name: string) => (testIdPrefix ? `${testIdPrefix}-${name}` : undefined);
  return (
    <>
      <LoginField label={t('login.username')} error={form.errors.username} icon={UserIcon}>
        <Input size="lg" autoComplete="username" placeholder={t('login.usernamePlaceholder')} data-testid={testId('username')} {...form.register('username')} />
      </LoginField>
      <LoginField
        label={t('login.password')}
        error={form.errors.password}
        icon={LockIcon}
        endElement={<PasswordToggle shown={showPassword} onToggle={() => setShowPassword((shown) => !shown)} />}
      >
        <Input
          size="lg"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          placeholder={t('login.passwordPlaceholder')}
          data-testid={testId('password')}
          {...form.register('password')}
        />
      </LoginField>
    </>
  );
}

export function PasswordLoginForm({
  onSubmit,
  submitting,
  error,
  initialUsername = '',
}: {
  onSubmit: (request: LoginRequest) => void;
  submitting: boolean;
  error: string | undefined;
  initialUsername?: string;
}) {
  const [rememberMe, setRememberMe] = useState(true);
  const { register, handleSubmit, errors } = useFieldChecks({ username: initialUsername, password: '' }, CREDENTIAL_CHECKS);

  return (
    <form
      noValidate
      data-testid="password-login-form"
      onSubmit={handleSubmit((values) =>
        onSubmit({
          kind: 'password',
          body: { username: values.username.trim(), password: values.password, remember_me: rememberMe },
        }),
      )}
    >
      <Stack gap="5">
        <LoginError message={error} />
        <CredentialFields form={{ register, errors }} />
        <RememberAndForgot checked={rememberMe} onCheckedChange={setRememberMe} />
        <SubmitButton loading={submitting} />
      </Stack>
    </form>
  );
}
