import { Badge, Box, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form/FormField';
import { FormSwitch } from '../../../components/form/FormSwitch';
import { TextField } from '../../../components/form/fields';
import { RecordFormDialog, WIDE_DIALOG, type RecordFormOpenProps } from '../../../components/form/RecordFormDialog';
import { optionalInteger, requiredText } from '../../../components/form/rules';
import { numberOrNull, optionalTexts, textValues } from '../../../components/form/values';
import { CheckIcon, CloseIcon } from '../../../components/icons';
import { addCountry, COUNTRY_LIST_PATH, countryCodeRule, type CountryRecord, editCountry, patternProblem, phonePrefixRule, postalMatches, postalPatternRule } from './api';

const FIELDS = ['code', 'nameZh', 'nameEn', 'phonePrefix', 'postalPattern', 'sortOrder'] as const;
type Values = Record<(typeof FIELDS)[number], string> & { enabled: boolean };

const defaults = (record: CountryRecord | undefined): Values => ({
  ...textValues(record, ['code', 'nameZh', 'nameEn', 'phonePrefix', 'postalPattern']),
  enabled: record?.enabled ?? true,
  sortOrder: record?.sortOrder === null || record?.sortOrder === undefined ? '0' : String(record.sortOrder),
});
const body = (values: Values) => ({
  ...optionalTexts(values, ['phonePrefix', 'postalPattern']),
  code: values.code.trim().toUpperCase(),
  nameZh: values.nameZh.trim(),
  nameEn: values.nameEn.trim(),
  enabled: values.enabled,
  sortOrder: numberOrNull(values.sortOrder),
});

/** Add or edit a country: ISO code (fixed once saved), names, phone prefix and postal code rule. */
export function CountryFormDialog({ record, ...dialog }: RecordFormOpenProps<CountryRecord>) {
  const { t } = useTranslation('sysCountry');
  return (
    <RecordFormDialog<Values>
      {...dialog} testId="country-form" size={WIDE_DIALOG} listPath={COUNTRY_LIST_PATH} serverFields={FIELDS}
      title={record ? t('form.editTitle', { name: record.name || record.nameEn }) : t('form.addTitle')}
      defaultValues={() => defaults(record)}
      save={(values) => (record ? editCountry(body(values)) : addCountry(body(values)))}
    >
      <CountryFields record={record} />
    </RecordFormDialog>
  );
}

function CountryFields({ record }: { record: CountryRecord | undefined }) {
  const { t } = useTranslation('sysCountry');
  const { control, getFieldState, formState } = useFormContext<Values>();
  const [sample, setSample] = useState('');
  const pattern = useWatch({ control, name: 'postalPattern' });

  const problem = patternProblem(pattern);
  const matches = postalMatches(pattern, sample);
  const patternError = getFieldState('postalPattern', formState).error;

  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField<Values> name="code" label={t('field.code')} required={!record} root={{ readOnly: !!record }} helper={record ? t('form.codeLocked') : t('form.codeHint')} fontFamily="mono"
          maxLength={2} autoComplete="off" spellCheck={false} bg={record ? 'bg.muted' : undefined} testId="country-code" formatInput={(value) => value.toUpperCase()}
          rules={{
            validate: {
              required: requiredText(t('form.codeRequired')),
              pattern: countryCodeRule,
            },
          }}
        />
        <TextField<Values> name="sortOrder" label={t('field.sortOrder')} type="number" inputMode="numeric" testId="country-sort" rules={{ validate: optionalInteger(t('form.sortInvalid')) }} />
        <TextField<Values> name="nameZh" label={t('field.nameZh')} required testId="country-name-zh" rules={{ validate: requiredText(t('form.nameZhRequired')) }} />
        <TextField<Values> name="nameEn" label={t('field.nameEn')} required testId="country-name-en" rules={{ validate: requiredText(t('form.nameEnRequired')) }} />
        <TextField<Values> name="phonePrefix" label={t('field.phonePrefix')} helper={t('form.phoneHint')} fontFamily="mono" inputMode="tel" placeholder="+86" testId="country-phone"
          rules={{ validate: phonePrefixRule }} />
        <FormSwitch<Values> name="enabled" colorPalette="green" label={t('field.enabled')} helper={t('form.enabledHint')} testId="country-enabled" root={{ justifyContent: 'center' }} />
      </SimpleGrid>
      <Box borderWidth="1px" rounded="md" padding="4">
        <Stack gap="4">
          <TextField<Values> name="postalPattern" label={t('field.postalPattern')} // A pattern core cannot read is shown at once.
            error={patternError?.message ?? problem} errorTestId="country-postal-error"
            helper={t('form.patternHint')} fontFamily="mono" autoComplete="off" spellCheck={false} placeholder="^\d{6}$" testId="country-postal"
            rules={{ validate: postalPatternRule }} />
          <FormField label={t('form.sample')} disabled={pattern.trim() === '' || !!problem}>
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
          </FormField>
        </Stack>
      </Box>
    </>
  );
}
