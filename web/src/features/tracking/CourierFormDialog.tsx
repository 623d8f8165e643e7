/**
 * Add or edit a courier: its tracking page and number pattern are checked by core's rules as the
 * server checks them (through WebAssembly), and a number typed in "Try a number" shows at once
 * whether this courier would claim it, with the link the out-track search would give.
 */
import { Badge, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useFormContext, useWatch } from 'react-hook-form';
import { CodeNameFields, SelectField, TextareaField, TextField } from '../../components/form/fields';
import { FormSwitch } from '../../components/form/FormSwitch';
import { RecordFormDialog, WIDE_DIALOG, type RecordFormOpenProps } from '../../components/form/RecordFormDialog';
import { codeAndName, numberOrNull, optionalTexts, textValues } from '../../components/form/values';
import { courierClaims, courierPatternIssue, courierTrackUrlIssue, courierUrl } from '../../core';
import { currentLanguage } from '../../i18n';
import { addCourier, CHECK_DIGITS, COURIER_LIST_PATH, editCourier, type CourierRecord } from './api';

const TEXTS = ['code', 'name', 'nameEn', 'website', 'trackUrl', 'numberPattern', 'checkDigit', 'phone', 'remark'] as const;
const OPTIONAL = ['nameEn', 'website', 'trackUrl', 'numberPattern', 'checkDigit', 'phone', 'remark'] as const;
type Values = Record<(typeof TEXTS)[number], string> & { sortNo: string; enabled: boolean; sample: string };

const defaults = (record: CourierRecord | undefined): Values => ({
  ...textValues(record, TEXTS),
  sortNo: String(record?.sortNo ?? 0),
  enabled: record ? Number(record.status) === 1 : true,
  sample: '',
});
const body = (values: Values) => ({
  ...optionalTexts(values, OPTIONAL),
  ...codeAndName(values),
  sortNo: numberOrNull(values.sortNo) ?? 0,
  status: values.enabled ? 1 : 0,
});

/** Add or edit a courier (`POST /logistics/courier/add`, `PUT /logistics/courier/edit`). */
export function CourierFormDialog({ record, ...dialog }: RecordFormOpenProps<CourierRecord>) {
  const { t } = useTranslation('courier');
  return (
    <RecordFormDialog<Values, CourierRecord>
      {...dialog}
      testId="courier-form"
      size={WIDE_DIALOG}
      scrollBehavior="inside"
      listPath={COURIER_LIST_PATH}
      serverFields={TEXTS}
      title={record ? t('form.editTitle', { name: record.name }) : t('form.addTitle')}
      defaultValues={() => defaults(record)}
      save={(values) => (record ? editCourier({ ...body(values), id: record.id }) : addCourier(body(values)))}
    >
      <CourierFields />
    </RecordFormDialog>
  );
}

function CourierFields() {
  const { t } = useTranslation('courier');
  const checkOptions = [{ value: '', label: t('checkDigit.none') }, ...CHECK_DIGITS.map((c) => ({ value: c, label: t(`checkDigit.${c}`) }))];
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <CodeNameFields<Values> text={t} testId="courier" />
        <TextField<Values> name="website" label={t('field.website')} type="url" autoComplete="off" testId="courier-website" placeholder="https://" />
        <TextField<Values> name="phone" label={t('field.phone')} type="tel" inputMode="tel" maxLength={50} autoComplete="off" testId="courier-phone" />
      </SimpleGrid>
      <TextField<Values>
        name="trackUrl"
        label={t('field.trackUrl')}
        helper={t('form.trackUrlHelp')}
        fontFamily="mono"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://www.example.com/track?n={number}"
        testId="courier-track-url"
        rules={{ validate: (value) => (value?.trim() ? (courierTrackUrlIssue(value, currentLanguage()) ?? true) : true) }}
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField<Values>
          name="numberPattern"
          label={t('field.numberPattern')}
          helper={t('form.patternHelp')}
          fontFamily="mono"
          autoComplete="off"
          spellCheck={false}
          testId="courier-pattern"
          rules={{ validate: (value) => (value?.trim() ? (courierPatternIssue(value, currentLanguage()) ?? true) : true) }}
        />
        <SelectField<Values> name="checkDigit" label={t('field.checkDigit')} testId="courier-check-digit" options={checkOptions} />
        <TextField<Values> name="sortNo" label={t('field.sortNo')} type="number" inputMode="numeric" testId="courier-sort" />
        <FormSwitch<Values> colorPalette="green" name="enabled" label={t('form.enabled')} helper={t('form.enabledHint')} testId="courier-enabled" />
      </SimpleGrid>
      <TryNumber />
      <TextareaField<Values> name="remark" label={t('field.remark')} maxLength={500} testId="courier-remark" />
    </Stack>
  );
}

/** A number tried against the pattern and check digit being edited. */
function TryNumber() {
  const { t } = useTranslation('courier');
  const { control } = useFormContext<Values>();
  const [sample, pattern, checkDigit, trackUrl] = useWatch({ control, name: ['sample', 'numberPattern', 'checkDigit', 'trackUrl'] });
  const number = sample.trim();
  const claims = number !== '' && courierClaims(pattern, checkDigit, number);
  const link = claims && trackUrl.trim() && !courierTrackUrlIssue(trackUrl, currentLanguage()) ? courierUrl(trackUrl.trim(), number) : undefined;
  return (
    <Stack gap="2" borderWidth="1px" rounded="l2" p="3" bg="bg.subtle">
      <TextField<Values> name="sample" label={t('form.tryNumber')} helper={t('form.tryHelp')} fontFamily="mono" autoComplete="off" spellCheck={false} testId="courier-try" />
      {number ? (
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette={claims ? 'green' : 'gray'} variant="subtle" data-testid="courier-try-result" data-claims={claims}>
            {claims ? t('form.claims') : t('form.claimsNot')}
          </Badge>
          {link ? (
            <Link href={link} target="_blank" rel="noopener noreferrer" fontFamily="mono" fontSize="sm" wordBreak="break-all" data-testid="courier-try-link">
              <Text as="span">{link}</Text>
            </Link>
          ) : null}
        </HStack>
      ) : null}
    </Stack>
  );
}
