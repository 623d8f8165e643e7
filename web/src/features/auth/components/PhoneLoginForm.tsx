import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneIcon, ShieldIcon } from '../../../components/icons';
import { message, validatePhone, validateRequired, validateSmsCode } from '../../../core';
import { currentLanguage } from '../../../i18n';
import type { LoginRequest } from '../api/login';
import { useFieldChecks } from '../hooks/useFieldChecks';
import { Input } from './LightField';
import { LoginError, LoginField, RememberAndForgot, SubmitButton } from './LoginFormParts';
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
    return (await trigger('mobile')) ? getValue('mobile').trim() : undefined;
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
        <LoginField label={t('login.phone')} error={errors.mobile} icon={PhoneIcon}>
          <Input size="lg" type="tel" inputMode="tel" autoComplete="tel" placeholder={t('login.phonePlaceholder')} {...register('mobile')} />
        </LoginField>
        <LoginField label={t('login.smsCode')} error={errors.captcha} icon={ShieldIcon} aside={<SmsCodeButton size="lg" mode="login" beforeSend={checkedMobile} />}>
          <Input size="lg" inputMode="numeric" autoComplete="one-time-code" placeholder={t('login.smsCodePlaceholder')} {...register('captcha')} />
        </LoginField>
        <RememberAndForgot checked={rememberMe} onCheckedChange={setRememberMe} />
        <SubmitButton loading={submitting} />
      </Stack>
    </form>
  );
}
