import { Button, Field, HStack, Input, InputGroup, Stack } from '@chakra-ui/react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PhoneIcon, ShieldIcon } from '../../../components/icons';
import { toaster } from '../../../components/ui/toaster';
import { validatePhone, validateRequired } from '../../../core';
import i18n, { currentLanguage } from '../../../i18n';
import { requestSmsCode, type LoginRequest } from '../api/login';
import { useCountdown } from '../hooks/useCountdown';
import { useRevalidateOnLanguageChange } from '../hooks/useRevalidateOnLanguageChange';
import { LoginError, RememberAndForgot, SubmitButton } from './LoginFormParts';

interface PhoneLoginValues {
  mobile: string;
  captcha: string;
  rememberMe: boolean;
}

/** Seconds before another code may be requested. */
export const SMS_RESEND_SECONDS = 60;

const phone = (value: string) => validatePhone(value, currentLanguage()) ?? true;
const code = (value: string) =>
  validateRequired(value, i18n.t('login.smsCode', { ns: 'user' }), currentLanguage()) ?? true;

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
  const countdown = useCountdown();
  const form = useForm<PhoneLoginValues>({
    defaultValues: { mobile: '', captcha: '', rememberMe: true },
  });
  const { register, handleSubmit, control, formState, trigger, getValues } = form;
  useRevalidateOnLanguageChange(form);

  async function sendCode() {
    if (!(await trigger('mobile'))) return;
    countdown.start(SMS_RESEND_SECONDS);
    try {
      await requestSmsCode(getValues('mobile').trim());
      toaster.create({ type: 'success', title: t('login.codeRequested'), duration: 4000 });
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
            <Button
              size="lg"
              variant="outline"
              minW="32"
              disabled={countdown.running}
              onClick={() => void sendCode()}
              data-testid="get-code"
            >
              {countdown.running ? t('login.resendIn', { seconds: countdown.secondsLeft }) : t('login.getCode')}
            </Button>
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
