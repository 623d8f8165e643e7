import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CodeNameFields, SelectField, TextareaField, TextField } from '../../../components/form/fields';
import { FormSwitch } from '../../../components/form/FormSwitch';
import { RecordFormDialog, WIDE_DIALOG, type RecordFormOpenProps } from '../../../components/form/RecordFormDialog';
import { optionalInteger, requiredText } from '../../../components/form/rules';
import { codeAndName, numberOrNull, optionalTexts, textValues } from '../../../components/form/values';
import { transitIssue } from '../../../core';
import { currentLanguage } from '../../../i18n';
import { supplierLabel, useSupplierOptions } from '../suppliers/api';
import { addService, editService, SERVICE_LIST_PATH, SERVICE_TYPES, TRANSIT_MAX_DAYS, type CarrierServiceRecord } from './api';

const OPTIONAL = ['nameEn', 'remark'] as const;
type Values = Record<'supplierId' | 'code' | 'name' | 'serviceType' | 'transitMin' | 'transitMax' | (typeof OPTIONAL)[number], string> & { enabled: boolean };
const FIELDS: (keyof Values)[] = ['supplierId', 'code', 'name', 'serviceType', 'transitMin', 'transitMax', ...OPTIONAL];

const days = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

const defaults = (record: CarrierServiceRecord | undefined, supplierId: string): Values => ({
  ...textValues(record, ['code', 'name', ...OPTIONAL]),
  supplierId: record?.supplierId ?? supplierId,
  serviceType: record?.serviceType || 'standard',
  transitMin: days(record?.transitMin),
  transitMax: days(record?.transitMax),
  enabled: record ? Number(record.status) === 1 : true,
});
const body = (values: Values) => ({
  ...optionalTexts(values, OPTIONAL),
  ...codeAndName(values),
  supplierId: values.supplierId,
  serviceType: values.serviceType,
  transitMin: numberOrNull(values.transitMin),
  transitMax: numberOrNull(values.transitMax),
  status: values.enabled ? 1 : 0,
});

/**
 * The days in transit as core checks them (each 0 to 365, the fewest not above the most): the
 * fewest's own problem under it; the most's own, or the order of the two, under the most.
 */
const transitRule = (which: 'transitMin' | 'transitMax', wholeDays: string) => (value: string, values: Values) => {
  const whole = optionalInteger(wholeDays)(value);
  if (whole !== true) return whole;
  const lang = currentLanguage();
  if (which === 'transitMin') return transitIssue(value, '', lang) ?? true;
  // The order of the two, once the fewest is right on its own (else that is said under it).
  const fewestFits = optionalInteger(wholeDays)(values.transitMin) === true && transitIssue(values.transitMin, '', lang) === undefined;
  return transitIssue('', value, lang) ?? (fewestFits ? transitIssue(values.transitMin, value, lang) : undefined) ?? true;
};

/** Add or edit a carrier service (`POST /logistics/carrierService/add`, `PUT /logistics/carrierService/edit`); a new one starts with `supplierId` (the list's filter). */
export function ServiceFormDialog({ record, supplierId = '', ...dialog }: RecordFormOpenProps<CarrierServiceRecord> & { supplierId?: string }) {
  const { t } = useTranslation('carrierService');
  return (
    <RecordFormDialog<Values, CarrierServiceRecord>
      {...dialog} testId="service-form" size={WIDE_DIALOG} scrollBehavior="inside" listPath={SERVICE_LIST_PATH} serverFields={FIELDS}
      title={record ? t('form.editTitle', { name: record.title || record.name }) : t('form.addTitle')}
      defaultValues={() => defaults(record, supplierId)}
      save={(values) => (record ? editService({ ...body(values), id: record.id }) : addService(body(values)))}
    >
      <ServiceFields />
    </RecordFormDialog>
  );
}

function ServiceFields() {
  const { t } = useTranslation('carrierService');
  const suppliers = useSupplierOptions();
  const supplierChoices = (suppliers.data ?? []).map((supplier) => ({ value: supplier.id, label: supplierLabel(supplier) }));
  const serviceType = (
    <SelectField<Values> name="serviceType" label={t('field.serviceType')} testId="service-type" emptySelectable={false}
      options={SERVICE_TYPES.map((type) => ({ value: type, label: t(`serviceType.${type}`) }))} />
  );
  const dayField = (name: 'transitMin' | 'transitMax', testId: string) => (
    <TextField<Values> name={name} label={t(`field.${name}`)} type="number" inputMode="numeric" min={0} max={TRANSIT_MAX_DAYS} step={1} autoComplete="off" testId={testId}
      helper={name === 'transitMin' ? t('form.transitHint') : undefined}
      rules={{ validate: transitRule(name, t('form.transitWhole')), deps: name === 'transitMin' ? ['transitMax'] : undefined }} />
  );

  return (
    <>
      <SelectField<Values> name="supplierId" label={t('field.supplier')} required testId="service-supplier" rules={{ validate: requiredText(t('form.supplierRequired')) }}
        options={supplierChoices} placeholder={t('form.supplierPlaceholder')} emptySelectable={false} loading={suppliers.isPending} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <CodeNameFields<Values> text={t} testId="service" afterCode={serviceType} />
        {dayField('transitMin', 'service-transit-min')}
        {dayField('transitMax', 'service-transit-max')}
      </SimpleGrid>
      <FormSwitch<Values> colorPalette="green" name="enabled" label={t('form.enabled')} helper={t('form.enabledHint')} testId="service-enabled" />
      <TextareaField<Values> name="remark" label={t('field.remark')} maxLength={500} testId="service-remark" />
    </>
  );
}
