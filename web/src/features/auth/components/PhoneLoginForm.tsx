import { HStack, InputGroup, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneIcon, ShieldIcon } from '../../../components/icons';
import { message, validatePhone, validateRequired, validateSmsCode } from '../../../core';
import { currentLanguage } from '../../../i18n';
import type { LoginRequest } from '../api/login';
import { useFieldChecks } from '../hooks/useFieldChecks';
import { Field, Input } from './LightField';
import { LoginError, RememberAndForgot, SubmitButton } from './LoginFormParts';
import { SmsCodeButton } from './SmsCodeButton';

/** In the order of the fields (the first at fault takes the focus). */
const CHECKS = {
  mobile: (value: string) => validatePhone(value, currentLanguage()) ?? true,
  captcha: (value: string) =>
    validateRequired(value.trim(), message('field_sms_code', currentLanguage()), currentLanguage()) ??
    validateSmsCode(value, currentLanguage()) ??
    true,
};

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
  const [rememberMe, setRememberMe] = useState(true);
  const { register, handleSubmit, errors, trigger, getValue } = useFieldChecks({ mobile: '', captcha: '' }, CHECKS);

  async function checkedMobile(): Promise<string | undefined> {
    return trigger('mobile') ? getValue('mobile').trim() : undefined;
  }

  return (
    <form
      noValidate
      data-testid="phone-login-form"
      onSubmit={handleSubmit((values) =>
        onSubmit({
          kind: 'phone',
          body: { mobile: values.mobile.trim(), captcha: values.captcha.trim(), remember_me: rememberMe },
        }),
      )}
    >
      <Stack gap="5">
        <LoginError message={error} />
        <Field.Root invalid={!!errors.mobile}>
          <Field.Label srOnly>{t('login.phone')}</Field.Label>
          <InputGroup startElement={<PhoneIcon boxSize="4" color="fg.muted" />}>
            <Input
              size="lg"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder={t('login.phonePlaceholder')}
              {...register('mobile')}
            />
          </InputGroup>
          <Field.ErrorText>{errors.mobile}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.captcha}>
          <Field.Label srOnly>{t('login.smsCode')}</Field.Label>
          <HStack w="full" gap="3" align="start">
            <InputGroup flex="1" startElement={<ShieldIcon boxSize="4" color="fg.muted" />}>
              <Input
                size="lg"
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder={t('login.smsCodePlaceholder')}
                {...register('captcha')}
              />
            </InputGroup>
            <SmsCodeButton size="lg" mode="login" beforeSend={checkedMobile} />
          </HStack>
          <Field.ErrorText>{errors.captcha}</Field.ErrorText>
        </Field.Root>
        <RememberAndForgot checked={rememberMe} onCheckedChange={setRememberMe} />
        <SubmitButton loading={submitting} />
      </Stack>
    </form>
  );
}
