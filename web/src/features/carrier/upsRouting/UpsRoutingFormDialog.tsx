import { SimpleGrid } from '@chakra-ui/react';
import type { Validate } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { upsRoutingIssue } from '../../../core';
import { SelectField, TextareaField, TextField } from '../../../components/form/fields';
import { RecordFormDialog, type RecordFormOpenProps } from '../../../components/form/RecordFormDialog';
import { optionalTexts, textValues } from '../../../components/form/values';
import { useLanguage } from '../../../i18n';
import { useCountries } from '../../shipment/shippers/api';
import { addUpsRouting, editUpsRouting, UPS_ROUTING_LIST_PATH, type UpsRoutingRecord } from './api';

const TEXTS = ['countryCode', 'postalLow', 'postalHigh', 'routingCode', 'version', 'remark'] as const;
type Values = Record<(typeof TEXTS)[number], string>;

const body = (values: Values) => ({
  ...optionalTexts(values, ['version', 'remark'] as const),
  countryCode: values.countryCode,
  postalLow: values.postalLow,
  postalHigh: values.postalHigh,
  routingCode: values.routingCode,
});

/** Add or correct one routing row (`POST /logistics/upsRouting/add`, `PUT …/edit`), checked by core as typed; a range the table has shows under its field. */
export function UpsRoutingFormDialog({ record, ...dialog }: RecordFormOpenProps<UpsRoutingRecord>) {
  const { t } = useTranslation('upsRouting');
  return (
    <RecordFormDialog<Values, UpsRoutingRecord>
      {...dialog} testId="ups-routing-form" listPath={UPS_ROUTING_LIST_PATH} serverFields={TEXTS}
      title={record ? t('form.editTitle', { code: record.routingCode }) : t('form.addTitle')}
      defaultValues={() => textValues(record, TEXTS)}
      save={(values) => (record ? editUpsRouting({ ...body(values), id: record.id }) : addUpsRouting(body(values)))}
    >
      <RoutingFields />
    </RecordFormDialog>
  );
}

function RoutingFields() {
  const { t } = useTranslation('upsRouting');
  const lang = useLanguage();
  const { options: countries } = useCountries();
  // Core's check of the whole row, blamed on the field it names.
  const row =
    (field: 'countryCode' | 'postalLow' | 'routingCode'): Validate<string, Values> =>
    (_, values) => {
      const issue = upsRoutingIssue(values.countryCode, values.postalLow, values.postalHigh, values.routingCode, lang);
      return issue?.field === field ? issue.message : true;
    };
  return (
    <>
      <SelectField<Values> name="countryCode" label={t('field.countryCode')} required testId="ups-routing-country" options={countries} placeholder={t('form.countryPlaceholder')} rules={{ validate: row('countryCode') }} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField<Values> name="postalLow" label={t('field.postalLow')} fontFamily="mono" maxLength={20} helper={t('form.rangeHint')} testId="ups-routing-low" rules={{ validate: row('postalLow'), deps: ['postalHigh'] }} />
        <TextField<Values> name="postalHigh" label={t('field.postalHigh')} fontFamily="mono" maxLength={20} testId="ups-routing-high" rules={{ deps: ['postalLow'] }} />
        <TextField<Values> name="routingCode" label={t('field.routingCode')} required fontFamily="mono" maxLength={16} placeholder="NY 100 9-05" testId="ups-routing-code" rules={{ validate: row('routingCode') }} />
        <TextField<Values> name="version" label={t('field.version')} maxLength={32} testId="ups-routing-version" />
      </SimpleGrid>
      <TextareaField<Values> name="remark" label={t('field.remark')} maxLength={500} testId="ups-routing-remark" />
    </>
  );
}
