import { Field, IconButton, Input, InputGroup, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LockIcon, EyeIcon, EyeOffIcon, UserIcon } from '../../../components/icons';
import { validateRequired } from '../../../core';
import i18n, { currentLanguage } from '../../../i18n';
import type { LoginRequest } from '../api/login';
import { useRevalidateOnLanguageChange } from '../../../hooks/useRevalidateOnLanguageChange';
import { LoginError, RememberAndForgot, SubmitButton } from './LoginFormParts';

interface PasswordLoginValues {
  username: string;
  password: string;
  rememberMe: boolean;
}

/** Required-field check through the WASM core, with the field's label in the current language. */
const required = (labelKey: 'login.username' | 'login.password') => (value: string) =>
  validateRequired(value, i18n.t(labelKey, { ns: 'user' }), currentLanguage()) ?? true;

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
  const form = useForm<PasswordLoginValues>({
    defaultValues: { username: initialUsername, password: '', rememberMe: true },
  });
  const { register, handleSubmit, control, formState } = form;
  useRevalidateOnLanguageChange(form);

  return (
    <form
      noValidate
      data-testid="password-login-form"
      onSubmit={handleSubmit((values) =>
        onSubmit({
          kind: 'password',
          body: { username: values.username.trim(), password: values.password, remember_me: values.rememberMe },
        }),
      )}
    >
      <Stack gap="5">
        <LoginError message={error} />
        <Field.Root invalid={!!formState.errors.username}>
          <Field.Label srOnly>{t('login.username')}</Field.Label>
          <InputGroup startElement={<UserIcon boxSize="4" color="fg.muted" />}>
            <Input
              size="lg"
              autoComplete="username"
              placeholder={t('login.usernamePlaceholder')}
              {...register('username', { validate: required('login.username') })}
            />
          </InputGroup>
          <Field.ErrorText>{formState.errors.username?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!formState.errors.password}>
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
              {...register('password', { validate: required('login.password') })}
            />
          </InputGroup>
          <Field.ErrorText>{formState.errors.password?.message}</Field.ErrorText>
        </Field.Root>
        <Controller
          control={control}
          name="rememberMe"
          render={({ field }) => <RememberAndForgot checked={field.value} onCheckedChange={field.onChange} />}
        />
        <SubmitButton loading={submitting} />
      </Stack>
    </form>
  );
}
