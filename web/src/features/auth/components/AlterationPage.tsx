import { Button, Field, Flex, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { message, validateNewPassword, validatePhone, validateRequired, validateSmsCode } from '../../../core';
import { useRevalidateOnLanguageChange } from '../../../hooks/useRevalidateOnLanguageChange';
import { currentLanguage } from '../../../i18n';
import { resetPassword, verifyPhone } from '../api/register';
import { DoneMark, StepsCard } from './AccountFormParts';
import { SmsCodeButton } from './SmsCodeButton';

interface VerifyValues {
  phone: string;
  smscode: string;
}

interface PasswordValues {
  password: string;
  confirmPassword: string;
}

const lang = () => currentLanguage();

/** The core's check of the new password and its confirmation, as the rule of one of the two (the core names them in lower case). */
const newPasswordRule = (name: keyof PasswordValues) => ({
  validate: (_: string, all: PasswordValues) => {
    const e = validateNewPassword(all.password, all.confirmPassword, lang());
    return e?.field === name.toLowerCase() ? e.message : true;
  },
});

/** A required field of a step: label, the input (`children`), the error or else the helper text. */
function StepField({ label, error, helper, children }: { label: string; error: string | undefined; helper?: string; children: ReactNode }) {
  return (
    <Field.Root invalid={!!error} required>
      <Field.Label>{label}</Field.Label>
      {children}
      {error || !helper ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>{helper}</Field.HelperText>}
    </Field.Root>
  );
}

/** Step 1: the phone number and the code texted to it. */
function VerifyStep({ onVerified }: { onVerified: (verified: { phone: string; username: string; smscode: string }) => void }) {
  const { t } = useTranslation('user');
  const [error, setError] = useState<string>();
  const form = useForm<VerifyValues>({ mode: 'onTouched', defaultValues: { phone: '', smscode: '' } });
  const { register, handleSubmit, formState, trigger, getValues } = form;
  useRevalidateOnLanguageChange(form);

  const submit = handleSubmit(async (values) => {
    setError(undefined);
    try {
      const envelope = await verifyPhone(values.phone.trim(), values.smscode.trim());
      onVerified({ phone: values.phone.trim(), username: envelope.result.username, smscode: envelope.result.smscode ?? values.smscode.trim() });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} data-testid="alteration-verify">
      <Stack gap="5">
        <ErrorAlert message={error} testId="alteration-error" />
        <StepField label={t('register.phone')} error={formState.errors.phone?.message}>
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={t('login.phonePlaceholder')}
            data-testid="alteration-phone"
            {...register('phone', {
              validate: (v) => validateRequired(v.trim(), message('field_phone', lang()), lang()) ?? validatePhone(v.trim(), lang()) ?? true,
            })}
          />
        </StepField>
        <StepField label={t('register.smsCode')} error={formState.errors.smscode?.message}>
          <HStack w="full" gap="3" align="start">
            <Input
              flex="1"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={t('login.smsCodePlaceholder')}
              data-testid="alteration-smscode"
              {...register('smscode', {
                validate: (v) => validateRequired(v.trim(), message('field_sms_code', lang()), lang()) ?? validateSmsCode(v, lang()) ?? true,
              })}
            />
            <SmsCodeButton mode="forget" beforeSend={async () => ((await trigger('phone')) ? getValues('phone').trim() : undefined)} />
          </HStack>
        </StepField>
        <Button type="submit" size="lg" loading={formState.isSubmitting} data-testid="alteration-next">
          {t('alteration.next')}
        </Button>
      </Stack>
    </form>
  );
}

/** Step 2: the new password, checked by the core. */
function PasswordStep({ account, onChanged }: { account: { phone: string; username: string; smscode: string }; onChanged: () => void }) {
  const { t } = useTranslation('user');
  const [error, setError] = useState<string>();
  const form = useForm<PasswordValues>({ mode: 'onTouched', defaultValues: { password: '', confirmPassword: '' } });
  const { register, handleSubmit, formState } = form;
  useRevalidateOnLanguageChange(form);

  const submit = handleSubmit(async (values) => {
    setError(undefined);
    try {
      await resetPassword({ ...account, password: values.password, confirmPassword: values.confirmPassword });
      onChanged();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  });
  const passwordInput = (name: keyof PasswordValues, placeholder: string, testId: string) => (
    <Input type="password" autoComplete="new-password" placeholder={placeholder} data-testid={testId} {...register(name, newPasswordRule(name))} />
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} data-testid="alteration-password">
      <Stack gap="5">
        <Text color="fg.muted" fontSize="sm" data-testid="alteration-account">
          {t('alteration.forAccount', { username: account.username })}
        </Text>
        <ErrorAlert message={error} testId="alteration-error" />
        <StepField label={t('alteration.newPassword')} error={formState.errors.password?.message} helper={t('register.passwordHelp')}>
          {passwordInput('password', t('register.passwordPlaceholder'), 'alteration-new-password')}
        </StepField>
        <StepField label={t('register.confirmPassword')} error={formState.errors.confirmPassword?.message}>
          {passwordInput('confirmPassword', t('register.confirmPasswordPlaceholder'), 'alteration-confirm')}
        </StepField>
        <Button type="submit" size="lg" loading={formState.isSubmitting} data-testid="alteration-submit">
          {t('alteration.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** `/user/alteration`: a forgotten password, reset through a code texted to the account's phone. */
export default function AlterationPage() {
  const { t } = useTranslation('user');
  const [step, setStep] = useState(0);
  const [account, setAccount] = useState<{ phone: string; username: string; smscode: string }>();

  return (
    <StepsCard
      testId="alteration-card"
      title={t('alteration.title')}
      subtitle={t('alteration.subtitle')}
      step={step}
      steps={[t('alteration.steps.verify'), t('alteration.steps.password'), t('alteration.steps.done')]}
    >
      {step === 0 ? (
        <VerifyStep
          onVerified={(verified) => {
            setAccount(verified);
            setStep(1);
          }}
        />
      ) : null}
      {step === 1 && account ? <PasswordStep account={account} onChanged={() => setStep(2)} /> : null}
      {step === 2 ? (
        <Stack align="center" textAlign="center" gap="4" py="4" data-testid="alteration-done">
          <DoneMark />
          <Text fontSize="lg" fontWeight="semibold">
            {t('alteration.doneTitle')}
          </Text>
          <Text color="fg.muted">{t('alteration.doneDescription', { username: account?.username ?? '' })}</Text>
          <Button asChild size="lg" data-testid="alteration-login">
            <RouterLink to={account ? `/user/login?${new URLSearchParams({ username: account.username }).toString()}` : '/user/login'}>
              {t('alteration.signIn')}
            </RouterLink>
          </Button>
        </Stack>
      ) : null}
      {step < 2 ? (
        <Flex justify="center" mt="-2">
          <Link asChild fontSize="sm" color="colorPalette.fg">
            <RouterLink to="/user/login">{t('alteration.backToLogin')}</RouterLink>
          </Link>
        </Flex>
      ) : null}
    </StepsCard>
  );
}
