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

/** In the order of the fields (the first at fault takes the focus). */
const CHECKS = { username: required('login.username'), password: required('login.password') };

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
  const { t } = useTranslation('user');
  const [showPassword, setShowPassword] = useState(false);
  const [rememberMe, setRememberMe] = useState(true);
  const { register, handleSubmit, errors } = useFieldChecks({ username: initialUsername, password: '' }, CHECKS);

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
        <LoginField label={t('login.username')} error={errors.username} icon={UserIcon}>
          <Input size="lg" autoComplete="username" placeholder={t('login.usernamePlaceholder')} {...register('username')} />
        </LoginField>
        <LoginField
          label={t('login.password')}
          error={errors.password}
          icon={LockIcon}
          endElement={<PasswordToggle shown={showPassword} onToggle={() => setShowPassword((shown) => !shown)} />}
        >
          <Input
            size="lg"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            placeholder={t('login.passwordPlaceholder')}
            {...register('password')}
          />
        </LoginField>
        <RememberAndForgot checked={rememberMe} onCheckedChange={setRememberMe} />
        <SubmitButton loading={submitting} />
      </Stack>
    </form>
  );
}
