import { Field, HStack, Input, InputGroup, Stack } from '@chakra-ui/react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PhoneIcon, ShieldIcon } from '../../../components/icons';
import { message, validatePhone, validateRequired, validateSmsCode } from '../../../core';
import { currentLanguage } from '../../../i18n';
import type { LoginRequest } from '../api/login';
import { useRevalidateOnLanguageChange } from '../../../hooks/useRevalidateOnLanguageChange';
import { LoginError, RememberAndForgot, SubmitButton } from './LoginFormParts';
import { SmsCodeButton } from './SmsCodeButton';

interface PhoneLoginValues {
  mobile: string;
  captcha: string;
  rememberMe: boolean;
}

const phone = (value: string) => validatePhone(value, currentLanguage()) ?? true;
const code = (value: string) =>
  validateRequired(value.trim(), message('field_sms_code', currentLanguage()), currentLanguage()) ??
  validateSmsCode(value, currentLanguage()) ??
  true;

export function PhoneLoginForm({
  onSubmit,
  submitting,
  error,
}: {
  onSubmit: (request: LoginRequest) => void;
  submitting: boolean;
  error: string | undefined;
}) {
  const { t } = useTranslation('user');
  const form = useForm<PhoneLoginValues>({
    defaultValues: { mobile: '', captcha: '', rememberMe: true },
  });
  const { register, handleSubmit, control, formState, trigger, getValues } = form;
  useRevalidateOnLanguageChange(form);

  async function checkedMobile(): Promise<string | undefined> {
    return (await trigger('mobile')) ? getValues('mobile').trim() : undefined;
  }

  return (
    <form
      noValidate
      data-testid="phone-login-form"
      onSubmit={handleSubmit((values) =>
        onSubmit({
          kind: 'phone',
          body: { mobile: values.mobile.trim(), captcha: values.captcha.trim(), remember_me: values.rememberMe },
        }),
      )}
    >
      <Stack gap="5">
        <LoginError message={error} />
        <Field.Root invalid={!!formState.errors.mobile}>
          <Field.Label srOnly>{t('login.phone')}</Field.Label>
          <InputGroup startElement={<PhoneIcon boxSize="4" color="fg.muted" />}>
            <Input
              size="lg"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder={t('login.phonePlaceholder')}
              {...register('mobile', { validate: phone })}
            />
          </InputGroup>
          <Field.ErrorText>{formState.errors.mobile?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!formState.errors.captcha}>
          <Field.Label srOnly>{t('login.smsCode')}</Field.Label>
          <HStack w="full" gap="3" align="start">
            <InputGroup flex="1" startElement={<ShieldIcon boxSize="4" color="fg.muted" />}>
              <Input
                size="lg"
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder={t('login.smsCodePlaceholder')}
                {...register('captcha', { validate: code })}
              />
            </InputGroup>
            <SmsCodeButton size="lg" mode="login" beforeSend={checkedMobile} />
          </HStack>
          <Field.ErrorText>{formState.errors.captcha?.message}</Field.ErrorText>
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
