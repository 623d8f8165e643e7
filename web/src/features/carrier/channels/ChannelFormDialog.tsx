import { SimpleGrid } from '@chakra-ui/react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CodeNameFields, SelectField, TextareaField, TextField } from '../../../components/form/fields';
import { FormSwitch } from '../../../components/form/FormSwitch';
import { RecordFormDialog, WIDE_DIALOG, type RecordFormOpenProps } from '../../../components/form/RecordFormDialog';
import { requiredText } from '../../../components/form/rules';
import { codeAndName, optionalTexts, textValues } from '../../../components/form/values';
import { serviceLabel, useSupplierServices } from '../services/api';
import { supplierLabel, useSupplierOptions } from '../suppliers/api';
import { addChannel, CHANNEL_LIST_PATH, type ChannelRecord, editChannel, TRANS_TYPES } from './api';

const OPTIONAL = ['nameEn', 'transType', 'serviceId', 'remark'] as const;
type Values = Record<'supplierId' | 'code' | 'name' | (typeof OPTIONAL)[number], string> & { enabled: boolean };
const FIELDS: (keyof Values)[] = ['supplierId', 'code', 'name', ...OPTIONAL];

const defaults = (record: ChannelRecord | undefined, supplierId: string): Values => ({
  ...textValues(record, ['code', 'name', ...OPTIONAL]),
  supplierId: record?.supplierId ?? supplierId,
  enabled: record ? Number(record.status) === 1 : true,
});
const body = (values: Values) => ({ ...optionalTexts(values, OPTIONAL), ...codeAndName(values), supplierId: values.supplierId, status: values.enabled ? 1 : 0 });

/**
 * Add or edit a channel (`POST /logistics/channel/add`, `PUT /logistics/channel/edit`); a new one
 * starts with `supplierId` (the list's filter). The service is one of the chosen supplier's.
 */
export function ChannelFormDialog({ record, supplierId = '', ...dialog }: RecordFormOpenProps<ChannelRecord> & { supplierId?: string }) {
  const { t } = useTranslation('carrierChannel');
  return (
    <RecordFormDialog<Values>
      {...dialog} testId="channel-form" size={WIDE_DIALOG} scrollBehavior="inside" listPath={CHANNEL_LIST_PATH} serverFields={FIELDS}
      title={record ? t('form.editTitle', { name: record.title || record.name }) : t('form.addTitle')}
      defaultValues={() => defaults(record, supplierId)}
      save={(values) => (record ? editChannel({ ...body(values), id: record.id }) : addChannel(body(values)))}
    >
      <ChannelFields />
    </RecordFormDialog>
  );
}

function ChannelFields() {
  const { t } = useTranslation('carrierChannel');
  const { setValue } = useFormContext<Values>();
  const suppliers = useSupplierOptions();
  const supplierChoices = (suppliers.data ?? []).map((supplier) => ({ value: supplier.id, label: supplierLabel(supplier) }));
  const supplierId = useWatch<Values, 'supplierId'>({ name: 'supplierId' });
  const services = useSupplierServices(supplierId);
  const serviceChoices = (services.data ?? []).map((service) => ({ value: service.id, label: serviceLabel(service) }));
  const transType = (
    <TextField<Values> name="transType" label={t('field.transType')} helper={t('form.transTypeHint')} testId="channel-trans-type"
      suggestions={{ id: 'channel-trans-types', values: TRANS_TYPES, label: (type) => t(`transType.${type as (typeof TRANS_TYPES)[number]}`) }} />
  );

  return (
    <>
      <SelectField<Values> name="supplierId" label={t('field.supplier')} required testId="channel-supplier" rules={{ validate: requiredText(t('form.supplierRequired')) }}
        options={supplierChoices} placeholder={t('form.supplierPlaceholder')} emptySelectable={false} loading={suppliers.isPending}
        onValueChange={() => setValue('serviceId', '', { shouldValidate: true, shouldDirty: true })} />
      <SelectField<Values> name="serviceId" label={t('field.service')} helper={supplierId ? t('form.serviceHint') : t('form.serviceNeedsSupplier')} testId="channel-service"
        options={serviceChoices} placeholder={t('form.servicePlaceholder')} loading={supplierId !== '' && services.isPending} root={{ disabled: supplierId === '' }} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <CodeNameFields<Values> text={t} testId="channel" afterCode={transType} />
      </SimpleGrid>
      <FormSwitch<Values> colorPalette="green" name="enabled" label={t('form.enabled')} helper={t('form.enabledHint')} testId="channel-enabled" />
      <TextareaField<Values> name="remark" label={t('field.remark')} maxLength={500} testId="channel-remark" />
    </>
  );
}
