import { Box, Button, DataList, Field, Flex, Grid, HStack, Heading, Input, InputGroup, Link, NativeSelect, Separator, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { setTenantId } from '../../../lib/session';
import {
  message,
  validateEmail,
  validateNewPassword,
  validatePhone,
  validateRequired,
  validateSmsCode,
  validateUsername,
  type CatalogueKey,
} from '../../../core';
import { useRevalidateOnLanguageChange } from '../../../hooks/useRevalidateOnLanguageChange';
import { currentLanguage, useLanguage } from '../../../i18n';
import { countryName, countryOptions } from '../../../lib/countries';
import { checkUnique, errorField, register as registerAccount, type Registration } from '../api/register';
import { useUniqueCheck } from '../hooks/useUniqueCheck';
import { StepsCard, UniqueHint } from './AccountFormParts';
import { PasswordToggle } from './LoginFormParts';
import { SmsCodeButton } from './SmsCodeButton';

type Values = Registration;
type Name = FieldPath<Values>;

const STEP_FIELDS: Name[][] = [
  ['username', 'password', 'confirmPassword'],
  ['phone', 'smscode', 'email'],
  ['companyName', 'contactPerson', 'country', 'address', 'taxNumber'],
  [],
];

const lang = () => currentLanguage();
const required = (label: CatalogueKey, value: string) => validateRequired(value.trim(), message(label, lang()), lang());

/** Every rule comes from the core; a field shows the first message that applies to it. */
const rules: Partial<Record<Name, (value: string, values: Values) => string | true>> = {
  username: (v) => required('field_username', v) ?? validateUsername(v.trim(), lang()) ?? true,
  password: (_, all) => {
    const error = validateNewPassword(all.password, all.confirmPassword, lang());
    return error?.field === 'password' ? error.message : true;
  },
  confirmPassword: (_, all) => {
    const error = validateNewPassword(all.password, all.confirmPassword, lang());
    return error?.field === 'confirmpassword' ? error.message : true;
  },
  phone: (v) => required('field_phone', v) ?? validatePhone(v.trim(), lang()) ?? true,
  smscode: (v) => required('field_sms_code', v) ?? validateSmsCode(v, lang()) ?? true,
  email: (v) => required('field_email', v) ?? validateEmail(v.trim(), lang()) ?? true,
  companyName: (v) => required('field_company_name', v) ?? true,
  contactPerson: (v) => required('field_contact_person', v) ?? true,
  country: (v) => required('field_country', v) ?? true,
  address: (v) => required('field_address', v) ?? true,
};

/** A server error's field (`confirmPassword`, `smscode`...) to the step that shows it. */
function stepOf(field: string | undefined): number | undefined {
  const index = STEP_FIELDS.findIndex((fields) => fields.some((name) => name.toLowerCase() === field?.toLowerCase()));
  return index >= 0 ? index : undefined;
}

/**
 * A forwarder's own registration link names its tenant: `/user/register?tenantId=2`. Without one,
 * `undefined`; a link whose tenant is no number at all answers 0, which the server refuses as it
 * refuses a tenant nobody may join (rather than registering the customer with the platform).
 */
function tenantOfLink(params: URLSearchParams): number | undefined {
  const text = params.get('tenantId')?.trim() ?? '';
  if (text === '') return undefined;
  return /^\d{1,9}$/.test(text) ? Number(text) : 0;
}

/**
 * `/user/register`: a new enterprise account in four steps (account, contact, company, review),
 * in the tenant its link names (the server checks that it is active; the platform's otherwise).
 */
export default function RegisterPage() {
  const { t } = useTranslation('user');
  const language = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const linkTenant = tenantOfLink(params);
  // A link naming a tenant nobody may join says so at once (and the server refuses it at the end).
  const [linkDead, setLinkDead] = useState(false);
  useEffect(() => {
    if (linkTenant === undefined) return;
    // Every call of the page speaks for the link's tenant from the start (its live checks, the SMS code).
    if (linkTenant > 0) setTenantId(linkTenant);
    const abort = new AbortController();
    checkUnique('tenantId', String(linkTenant), abort.signal).then(
      (reason) => setLinkDead(reason !== undefined),
      () => {},
    );
    return () => abort.abort();
  }, [linkTenant]);
  const [step, setStep] = useState(0);
  const [showPassword, setShowPassword] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const form = useForm<Values>({
    mode: 'onTouched',
    defaultValues: {
      username: '',
      password: '',
      confirmPassword: '',
      phone: '',
      smscode: '',
      email: '',
      companyName: '',
      contactPerson: '',
      country: 'CN',
      address: '',
      taxNumber: '',
    },
  });
  const { register, handleSubmit, formState, trigger, getValues, setError, setValue, control } = form;
  useRevalidateOnLanguageChange(form);

  const [username, phone, email] = useWatch({ control, name: ['username', 'phone', 'email'] });
  const usernameCheck = useUniqueCheck('username', username, !validateUsername(username.trim(), language));
  const phoneCheck = useUniqueCheck('phone', phone, !validatePhone(phone.trim(), language));
  const emailCheck = useUniqueCheck('email', email, !validateEmail(email.trim(), language));
  const checks = { username: usernameCheck, phone: phoneCheck, email: emailCheck } as const;
  const countries = useMemo(() => countryOptions(language), [language]);

  /** The fields of this step pass the core and the live checks. */
  async function stepValid(index: number): Promise<boolean> {
    const fields = STEP_FIELDS[index] ?? [];
    // Touched fields re-validate as the user types (mode onTouched), so a fixed error goes away.
    for (const name of fields) setValue(name, getValues(name), { shouldTouch: true });
    if (!(await trigger(fields))) return false;
    let ok = true;
    for (const name of fields) {
      if (name !== 'username' && name !== 'phone' && name !== 'email') continue;
      try {
        const reason = await checks[name].ensure();
        if (reason) {
          setError(name, { message: reason });
          ok = false;
        }
      } catch (failure) {
        setServerError(failure instanceof Error ? failure.message : String(failure));
        return false;
      }
    }
    return ok;
  }

  async function next() {
    setServerError(undefined);
    if (await stepValid(step)) setStep((current) => Math.min(current + 1, STEP_FIELDS.length - 1));
  }

  const submit = handleSubmit(async (values) => {
    setServerError(undefined);
    const body: Registration = {
      ...values,
      username: values.username.trim(),
      phone: values.phone.trim(),
      smscode: values.smscode.trim(),
      email: values.email.trim(),
      companyName: values.companyName.trim(),
      contactPerson: values.contactPerson.trim(),
      address: values.address.trim(),
      taxNumber: (values.taxNumber ?? '').trim(),
      tenantId: linkTenant ?? null,
    };
    try {
      const envelope = await registerAccount(body);
      const name = envelope.result?.username ?? body.username;
      void navigate(`/user/register-result?${new URLSearchParams({ username: name }).toString()}`, { state: { username: name } });
    } catch (failure) {
      const text = failure instanceof Error ? failure.message : String(failure);
      const field = errorField(failure);
      const target = stepOf(field);
      const name = STEP_FIELDS.flat().find((n) => n.toLowerCase() === field?.toLowerCase());
      if (target !== undefined && name) {
        setStep(target);
        setError(name, { message: text });
      } else {
        setServerError(text);
      }
    }
  });

  const field = (name: Name, label: string, input: ReactNode, options: { required?: boolean; hint?: ReactNode; helper?: string } = {}) => (
    <Field.Root invalid={!!formState.errors[name]} required={options.required ?? true}>
      <Field.Label>
        {label}
        {options.required === false ? null : <Field.RequiredIndicator />}
      </Field.Label>
      {input}
      {formState.errors[name] ? <Field.ErrorText>{formState.errors[name]?.message}</Field.ErrorText> : options.hint}
      {options.helper && !formState.errors[name] ? <Field.HelperText>{options.helper}</Field.HelperText> : null}
    </Field.Root>
  );

  const passwordToggle = <PasswordToggle shown={showPassword} onToggle={() => setShowPassword((shown) => !shown)} />;

  const values = getValues();
  const review: { step: number; title: string; rows: [string, string][] }[] = [
    { step: 0, title: t('register.steps.account'), rows: [[t('register.username'), values.username]] },
    {
      step: 1,
      title: t('register.steps.contact'),
      rows: [
        [t('register.phone'), values.phone],
        [t('register.email'), values.email],
      ],
    },
    {
      step: 2,
      title: t('register.steps.company'),
      rows: [
        [t('register.companyName'), values.companyName],
        [t('register.contactPerson'), values.contactPerson],
        [t('register.country'), values.country ? `${countryName(values.country, language)} (${values.country})` : ''],
        [t('register.address'), values.address],
        [t('register.taxNumber'), values.taxNumber || t('register.notProvided')],
      ],
    },
  ];

  return (
    <StepsCard
      testId="register-card"
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      step={step}
      steps={[t('register.steps.account'), t('register.steps.contact'), t('register.steps.company'), t('register.steps.review')]}
    >
      <form
        noValidate
        onSubmit={(event) => {
          if (step < STEP_FIELDS.length - 1) {
            event.preventDefault();
            void next();
          } else {
            void submit(event);
          }
        }}
      >
        <Stack gap="5">
          <ErrorAlert message={linkDead ? t('register.linkInvalidDetail') : undefined} title={t('register.linkInvalid')} testId="register-link-error" />
          <ErrorAlert message={serverError} title={t('register.failed')} testId="register-error" />

          {step === 0 ? (
            <>
              {field(
                'username',
                t('register.username'),
                <Input autoComplete="username" placeholder={t('register.usernamePlaceholder')} data-testid="register-username" {...register('username', { validate: rules.username })} />,
                { hint: usernameCheck.status === 'taken' ? <Text color="fg.error" fontSize="sm" data-testid="username-taken">{usernameCheck.message}</Text> : <UniqueHint status={usernameCheck.status} freeText={t('register.usernameFree')} />, helper: usernameCheck.status === 'idle' ? t('register.usernameHelp') : undefined },
              )}
              {field(
                'password',
                t('register.password'),
                <InputGroup endElement={passwordToggle}>
                  <Input type={showPassword ? 'text' : 'password'} autoComplete="new-password" placeholder={t('register.passwordPlaceholder')} data-testid="register-password" {...register('password', { validate: rules.password })} />
                </InputGroup>,
                { helper: t('register.passwordHelp') },
              )}
              {field(
                'confirmPassword',
                t('register.confirmPassword'),
                <Input type={showPassword ? 'text' : 'password'} autoComplete="new-password" placeholder={t('register.confirmPasswordPlaceholder')} data-testid="register-confirm" {...register('confirmPassword', { validate: rules.confirmPassword })} />,
              )}
            </>
          ) : null}

          {step === 1 ? (
            <>
              {field(
                'phone',
                t('register.phone'),
                <Input type="tel" inputMode="tel" autoComplete="tel" placeholder={t('login.phonePlaceholder')} data-testid="register-phone" {...register('phone', { validate: rules.phone })} />,
                { hint: phoneCheck.status === 'taken' ? <Text color="fg.error" fontSize="sm">{phoneCheck.message}</Text> : <UniqueHint status={phoneCheck.status} freeText={t('register.phoneFree')} /> },
              )}
              {field(
                'smscode',
                t('register.smsCode'),
                <HStack w="full" gap="3" align="start">
                  <Input flex="1" inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder={t('login.smsCodePlaceholder')} data-testid="register-smscode" {...register('smscode', { validate: rules.smscode })} />
                  <SmsCodeButton
                    mode="register"
                    beforeSend={async () => {
                      if (!(await trigger('phone'))) return undefined;
                      const reason = await phoneCheck.ensure().catch(() => undefined);
                      if (reason) {
                        setError('phone', { message: reason });
                        return undefined;
                      }
                      return getValues('phone').trim();
                    }}
                  />
                </HStack>,
              )}
              {field(
                'email',
                t('register.email'),
                <Input type="email" autoComplete="email" placeholder={t('register.emailPlaceholder')} data-testid="register-email" {...register('email', { validate: rules.email })} />,
                { hint: emailCheck.status === 'taken' ? <Text color="fg.error" fontSize="sm">{emailCheck.message}</Text> : <UniqueHint status={emailCheck.status} freeText={t('register.emailFree')} /> },
              )}
            </>
          ) : null}

          {step === 2 ? (
            <>
              {field('companyName', t('register.companyName'), <Input autoComplete="organization" placeholder={t('register.companyNamePlaceholder')} data-testid="register-company" {...register('companyName', { validate: rules.companyName })} />)}
              <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="5">
                {field('contactPerson', t('register.contactPerson'), <Input autoComplete="name" placeholder={t('register.contactPersonPlaceholder')} data-testid="register-contact" {...register('contactPerson', { validate: rules.contactPerson })} />)}
                {field(
                  'country',
                  t('register.country'),
                  <NativeSelect.Root>
                    <NativeSelect.Field data-testid="register-country" {...register('country', { validate: rules.country })}>
                      {countries.map((country) => (
                        <option key={country.code} value={country.code}>
                          {`${country.name} (${country.code})`}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>,
                )}
              </Grid>
              {field('address', t('register.address'), <Input autoComplete="street-address" placeholder={t('register.addressPlaceholder')} data-testid="register-address" {...register('address', { validate: rules.address })} />)}
              {field('taxNumber', t('register.taxNumber'), <Input placeholder={t('register.taxNumberPlaceholder')} data-testid="register-tax" {...register('taxNumber')} />, { required: false })}
            </>
          ) : null}

          {step === 3 ? (
            <Stack gap="4" data-testid="register-review">
              {review.map((section, index) => (
                <Box key={section.title}>
                  {index > 0 ? <Separator mb="4" /> : null}
                  <Flex justify="space-between" align="center" mb="2">
                    <Heading as="h2" size="sm">
                      {section.title}
                    </Heading>
                    <Button variant="plain" size="xs" color="colorPalette.fg" onClick={() => setStep(section.step)}>
                      {t('register.edit')}
                    </Button>
                  </Flex>
                  <DataList.Root orientation="horizontal" size="sm">
                    {section.rows.map(([label, value]) => (
                      <DataList.Item key={label}>
                        <DataList.ItemLabel minW="28">{label}</DataList.ItemLabel>
                        <DataList.ItemValue wordBreak="break-all">{value}</DataList.ItemValue>
                      </DataList.Item>
                    ))}
                  </DataList.Root>
                </Box>
              ))}
            </Stack>
          ) : null}

          <Flex justify="space-between" align="center" gap="3" pt="2" wrap="wrap">
            <Link asChild fontSize="sm" color="colorPalette.fg">
              <RouterLink to="/user/login">{t('register.haveAccount')}</RouterLink>
            </Link>
            <HStack gap="3">
              {step > 0 ? (
                <Button variant="outline" onClick={() => setStep((current) => current - 1)} data-testid="register-back">
                  {t('register.back')}
                </Button>
              ) : null}
              {step < STEP_FIELDS.length - 1 ? (
                <Button type="submit" data-testid="register-next">
                  {t('register.next')}
                </Button>
              ) : (
                <Button type="submit" loading={formState.isSubmitting} loadingText={t('register.submitting')} data-testid="register-submit">
                  {t('register.submit')}
                </Button>
              )}
            </HStack>
          </Flex>
        </Stack>
      </form>
    </StepsCard>
  );
}
