import { IconButton, InputGroup, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LockIcon, EyeIcon, EyeOffIcon, UserIcon } from '../../../components/icons';
import { validateRequired } from '../../../core';
import i18n, { currentLanguage } from '../../../i18n';
import type { LoginRequest } from '../api/login';
import { useFieldChecks } from '../hooks/useFieldChecks';
import { Field, Input } from './LightField';
import { LoginError, RememberAndForgot, SubmitButton } from './LoginFormParts';

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
        <Field.Root invalid={!!errors.username}>
          <Field.Label srOnly>{t('login.username')}</Field.Label>
          <InputGroup startElement={<UserIcon boxSize="4" color="fg.muted" />}>
            <Input size="lg" autoComplete="username" placeholder={t('login.usernamePlaceholder')} {...register('username')} />
          </InputGroup>
          <Field.ErrorText>{errors.username}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.password}>
          <Field.Label srOnly>{t('login.password')}</Field.Label>
          <InputGroup
            startElement={<LockIcon boxSize="4" color="fg.muted" />}
            endElement={
              <IconButton
                variant="ghost"
                colorPalette="gray"
                size="sm"
                me="-2"
                aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
                onClick={() => setShowPassword((shown) => !shown)}
              >
                {showPassword ? <EyeOffIcon /> : <EyeIcon />}
              </IconButton>
            }
          >
            <Input
              size="lg"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              placeholder={t('login.passwordPlaceholder')}
              {...register('password')}
            />
          </InputGroup>
          <Field.ErrorText>{errors.password}</Field.ErrorText>
        </Field.Root>
        <RememberAndForgot checked={rememberMe} onCheckedChange={setRememberMe} />
        <SubmitButton loading={submitting} />
      </Stack>
    </form>
  );
}
