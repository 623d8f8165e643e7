import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../components/form/FormField';
import { SelectField, TextareaField, TextField, type TextFieldProps } from '../../components/form/fields';
import { RecordFormDialog, WIDE_DIALOG, type RecordFormOpenProps } from '../../components/form/RecordFormDialog';
import { textValues } from '../../components/form/values';
import { CURRENCIES } from '../logistics/wallet/api';
import { CustomerField } from '../shipment/shippers/ShipperFormDialog';
import { addSku, editSku, orNull, SKU_LIST_PATH, wmsFieldRule, type WmsSkuForm, type WmsSkuRecord } from './api';

const TEXTS = ['customerId', 'skuCode', 'barcode', 'nameZh', 'nameEn', 'length', 'width', 'height', 'weight', 'hsCode', 'declaredValue', 'currency', 'remark'] as const;
type SkuText = (typeof TEXTS)[number];
type Values = Record<SkuText, string>;

const defaults = (record: WmsSkuRecord | undefined): Values => {
  const values = textValues(record, TEXTS);
  return { ...values, currency: values.currency || 'USD' };
};

/** The body add and edit send (and core checks). */
export const skuBody = (values: Values): WmsSkuForm => ({
  customerId: orNull(values.customerId),
  skuCode: values.skuCode.trim(),
  barcode: orNull(values.barcode),
  nameZh: values.nameZh.trim(),
  nameEn: values.nameEn.trim(),
  length: values.length.trim(),
  width: values.width.trim(),
  height: values.height.trim(),
  weight: values.weight.trim(),
  hsCode: orNull(values.hsCode),
  declaredValue: values.declaredValue.trim(),
  currency: values.currency,
  remark: orNull(values.remark),
});

/** A field checked by core's SKU rule as it is typed (`sku-${testId}`). */
function SkuField({ name, testId, ...input }: { name: Exclude<SkuText, 'customerId' | 'currency' | 'remark'>; testId: string } & Omit<TextFieldProps<Values>, 'name' | 'testId' | 'rules' | 'label'>) {
  const { t } = useTranslation('wmsSku');
  return <TextField<Values> name={name} label={t(`field.${name}`)} autoComplete="off" testId={`sku-${testId}`} {...input} rules={{ validate: wmsFieldRule('sku', name, skuBody) }} />;
}

/**
 * Add or edit a SKU (`POST /wms/sku/add`, `PUT /wms/sku/edit`): every field checked by core as it
 * is typed (a GTIN barcode's check digit, both names, one unit's size and weight, the HS code);
 * a code the customer already has shows under it. Staff name the customer of a new one.
 */
export function SkuFormDialog({ record, ...dialog }: RecordFormOpenProps<WmsSkuRecord>) {
  const { t } = useTranslation('wmsSku');
  return (
    <RecordFormDialog<Values, WmsSkuRecord>
      {...dialog} testId="sku-form" size={WIDE_DIALOG} scrollBehavior="inside" listPath={SKU_LIST_PATH} serverFields={TEXTS}
      title={record ? t('form.editTitle', { name: record.skuCode }) : t('form.addTitle')}
      defaultValues={() => defaults(record)}
      save={(values) => (record ? editSku({ ...skuBody(values), id: record.id }) : addSku(skuBody(values)))}
    >
      {!record ? <CustomerField text={(key) => t(key)} testId="sku-customer" /> : null}
      <FormSection title={t('form.basics')}>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <SkuField name="skuCode" testId="code" required fontFamily="mono" maxLength={40} spellCheck={false} helper={t('form.codeHint')} />
          <SkuField name="barcode" testId="barcode" fontFamily="mono" maxLength={40} spellCheck={false} helper={t('form.barcodeHint')} />
          <SkuField name="nameZh" testId="name-zh" required maxLength={200} />
          <SkuField name="nameEn" testId="name-en" required maxLength={200} />
          <SkuField name="hsCode" testId="hs-code" fontFamily="mono" inputMode="numeric" maxLength={20} />
          <SimpleGrid columns={2} gap="2">
            <SkuField name="declaredValue" testId="declared-value" required inputMode="decimal" />
            <SelectField<Values> name="currency" label={t('field.currency')} options={CURRENCIES.map((c) => ({ value: c, label: c }))} testId="sku-currency" />
          </SimpleGrid>
        </SimpleGrid>
      </FormSection>
      <FormSection title={t('form.unit')}>
        <SimpleGrid columns={{ base: 2, sm: 4 }} gap="4">
          <SkuField name="length" testId="length" required inputMode="decimal" />
          <SkuField name="width" testId="width" required inputMode="decimal" />
          <SkuField name="height" testId="height" required inputMode="decimal" />
          <SkuField name="weight" testId="weight" required inputMode="decimal" />
        </SimpleGrid>
        <TextareaField<Values> name="remark" label={t('field.remark')} maxLength={500} testId="sku-remark" rules={{ validate: wmsFieldRule('sku', 'remark', skuBody) }} />
      </FormSection>
    </RecordFormDialog>
  );
}
