import { Badge, Box, Field, HStack, Input, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RecordFormDialog } from '../../../components/form/RecordFormDialog';
import { CheckIcon, CloseIcon } from '../../../components/icons';
import { addCountry, compilePattern, COUNTRY_CODE_PATTERN, COUNTRY_LIST_PATH, type CountryRecord, editCountry, PHONE_PREFIX_PATTERN, postalMatches } from './api';

interface Values {
  code: string;
  nameZh: string;
  nameEn: string;
  phonePrefix: string;
  postalPattern: string;
  enabled: boolean;
  sortOrder: string;
}

const FIELDS: (keyof Values)[] = ['code', 'nameZh', 'nameEn', 'phonePrefix', 'postalPattern', 'sortOrder'];

const defaults = (record: CountryRecord | undefined): Values => ({
  code: record?.code ?? '',
  nameZh: record?.nameZh ?? '',
  nameEn: record?.nameEn ?? '',
  phonePrefix: record?.phonePrefix ?? '',
  postalPattern: record?.postalPattern ?? '',
  enabled: record?.enabled ?? true,
  sortOrder: record?.sortOrder === null || record?.sortOrder === undefined ? '0' : String(record.sortOrder),
});

interface CountryFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The country to edit; a new one when undefined. */
  record: CountryRecord | undefined;
  onSaved?: () => void;
}

/** Add or edit a country: ISO code (fixed once saved), names, phone prefix and postal code rule. */
export function CountryFormDialog({ open, onOpenChange, record, onSaved }: CountryFormDialogProps) {
  const { t } = useTranslation('sysCountry');
  const save = (values: Values) => {
    const body = {
      code: values.code.trim().toUpperCase(),
      nameZh: values.nameZh.trim(),
      nameEn: values.nameEn.trim(),
      phonePrefix: values.phonePrefix.trim() || null,
      postalPattern: values.postalPattern.trim() || null,
      enabled: values.enabled,
      sortOrder: values.sortOrder.trim() === '' ? null : Number(values.sortOrder),
    };
    return record ? editCountry(body) : addCountry(body);
  };
  return (
    <RecordFormDialog<Values>
      open={open}
      onOpenChange={onOpenChange}
      testId="country-form"
      size={{ base: 'full', sm: 'lg' }}
      title={record ? t('form.editTitle', { name: record.name || record.nameEn }) : t('form.addTitle')}
      defaultValues={() => defaults(record)}
      save={save}
      listPath={COUNTRY_LIST_PATH}
      onSaved={onSaved}
      serverFields={FIELDS}
    >
      <CountryFields record={record} />
    </RecordFormDialog>
  );
}

function CountryFields({ record }: { record: CountryRecord | undefined }) {
  const { t } = useTranslation('sysCountry');
  const form = useFormContext<Values>();
  const { register, formState, control } = form;
  const [sample, setSample] = useState('');
  const pattern = useWatch({ control, name: 'postalPattern' });

  const err = formState.errors;
  const codeField = register('code', {
    validate: {
      required: (v) => (v.trim() ? true : t('form.codeRequired')),
      pattern: (v) => (COUNTRY_CODE_PATTERN.test(v.trim()) ? true : t('form.codePattern')),
    },
  });
  const problem = compilePattern(pattern).problem;
  const matches = postalMatches(pattern, sample);

  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root invalid={!!err.code} required={!record} readOnly={!!record}>
          <Field.Label>
            {t('field.code')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            size="sm"
            fontFamily="mono"
            maxLength={2}
            autoComplete="off"
            spellCheck={false}
            readOnly={!!record}
            bg={record ? 'bg.muted' : undefined}
            data-testid="country-code"
            {...codeField}
            onChange={(event) => {
              event.target.value = event.target.value.toUpperCase();
              void codeField.onChange(event);
            }}
          />
          {err.code ? <Field.ErrorText>{err.code.message}</Field.ErrorText> : <Field.HelperText>{record ? t('form.codeLocked') : t('form.codeHint')}</Field.HelperText>}
        </Field.Root>
        <Field.Root invalid={!!err.sortOrder}>
          <Field.Label>{t('field.sortOrder')}</Field.Label>
          <Input
            size="sm"
            type="number"
            inputMode="numeric"
            data-testid="country-sort"
            {...register('sortOrder', { validate: (v) => (v.trim() === '' || /^-?\d+$/.test(v.trim()) ? true : t('form.sortInvalid')) })}
          />
          <Field.ErrorText>{err.sortOrder?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!err.nameZh} required>
          <Field.Label>
            {t('field.nameZh')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input size="sm" data-testid="country-name-zh" {...register('nameZh', { validate: (v) => (v.trim() ? true : t('form.nameZhRequired')) })} />
          <Field.ErrorText>{err.nameZh?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!err.nameEn} required>
          <Field.Label>
            {t('field.nameEn')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input size="sm" data-testid="country-name-en" {...register('nameEn', { validate: (v) => (v.trim() ? true : t('form.nameEnRequired')) })} />
          <Field.ErrorText>{err.nameEn?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!err.phonePrefix}>
          <Field.Label>{t('field.phonePrefix')}</Field.Label>
          <Input
            size="sm"
            fontFamily="mono"
            inputMode="tel"
            placeholder="+86"
            data-testid="country-phone"
            {...register('phonePrefix', { validate: (v) => (v.trim() === '' || PHONE_PREFIX_PATTERN.test(v.trim()) ? true : t('form.phonePattern')) })}
          />
          {err.phonePrefix ? <Field.ErrorText>{err.phonePrefix.message}</Field.ErrorText> : <Field.HelperText>{t('form.phoneHint')}</Field.HelperText>}
        </Field.Root>
        <Controller
          control={control}
          name="enabled"
          render={({ field }) => (
            <Field.Root justifyContent="center">
              <Switch.Root size="sm" colorPalette="green" name={field.name} checked={field.value} onCheckedChange={(details) => field.onChange(details.checked)} data-testid="country-enabled">
                <Switch.HiddenInput onBlur={field.onBlur} ref={field.ref} />
                <Switch.Control />
                <Switch.Label>{t('field.enabled')}</Switch.Label>
              </Switch.Root>
              <Field.HelperText>{t('form.enabledHint')}</Field.HelperText>
            </Field.Root>
          )}
        />
      </SimpleGrid>
      <Box borderWidth="1px" rounded="md" padding="4">
        <Stack gap="4">
          <Field.Root invalid={!!err.postalPattern || !!problem}>
            <Field.Label>{t('field.postalPattern')}</Field.Label>
            <Input
              size="sm"
              fontFamily="mono"
              autoComplete="off"
              spellCheck={false}
              placeholder="^\d{6}$"
              data-testid="country-postal"
              {...register('postalPattern', { validate: (v) => (compilePattern(v).problem ? t('form.patternInvalid') : true) })}
            />
            {err.postalPattern || problem ? (
              <Field.ErrorText data-testid="country-postal-error">
                {err.postalPattern?.message ?? t('form.patternInvalid')}
                {problem ? ` (${problem})` : ''}
              </Field.ErrorText>
            ) : (
              <Field.HelperText>{t('form.patternHint')}</Field.HelperText>
            )}
          </Field.Root>
          <Field.Root disabled={pattern.trim() === '' || !!problem}>
            <Field.Label>{t('form.sample')}</Field.Label>
            <HStack gap="3" align="center" wrap="wrap">
              <Input
                size="sm"
                fontFamily="mono"
                flex="1"
                minWidth="40"
                value={sample}
                onChange={(event) => setSample(event.currentTarget.value)}
                placeholder={t('form.samplePlaceholder')}
                data-testid="country-postal-sample"
              />
              <Box aria-live="polite" minWidth="28" data-testid="country-postal-result">
                {matches === true ? (
                  <Badge colorPalette="green" variant="subtle" size="md">
                    <CheckIcon />
                    {t('form.matches')}
                  </Badge>
                ) : matches === false ? (
                  <Badge colorPalette="red" variant="subtle" size="md">
                    <CloseIcon />
                    {t('form.noMatch')}
                  </Badge>
                ) : (
                  <Text textStyle="xs" color="fg.subtle">
                    {pattern.trim() === '' ? t('form.sampleNoPattern') : t('form.sampleHint')}
                  </Text>
                )}
              </Box>
            </HStack>
          </Field.Root>
        </Stack>
      </Box>
    </>
  );
}
