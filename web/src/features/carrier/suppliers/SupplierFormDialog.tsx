import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CodeNameFields, TextareaField, TextField } from '../../../components/form/fields';
import { FormSwitch } from '../../../components/form/FormSwitch';
import { RecordFormDialog, WIDE_DIALOG, type RecordFormOpenProps } from '../../../components/form/RecordFormDialog';
import { optionalEmail } from '../../../components/form/rules';
import { codeAndName, optionalTexts, textValues } from '../../../components/form/values';
import { addSupplier, API_TYPES, editSupplier, SUPPLIER_LIST_PATH, type SupplierRecord } from './api';

const TEXTS = ['code', 'name', 'nameEn', 'contact', 'phone', 'email', 'apiType', 'remark'] as const;
const OPTIONAL = ['nameEn', 'contact', 'phone', 'email', 'apiType', 'remark'] as const;
type Values = Record<(typeof TEXTS)[number], string> & { enabled: boolean };

const defaults = (record: SupplierRecord | undefined): Values => ({ ...textValues(record, TEXTS), enabled: record ? Number(record.status) === 1 : true });
const body = (values: Values) => ({ ...optionalTexts(values, OPTIONAL), ...codeAndName(values), status: values.enabled ? 1 : 0 });

/** Add or edit a supplier (`POST /logistics/supplier/add`, `PUT /logistics/supplier/edit`). */
export function SupplierFormDialog({ record, ...dialog }: RecordFormOpenProps<SupplierRecord>) {
  const { t } = useTranslation('carrierSupplier');
  return (
    <RecordFormDialog<Values, SupplierRecord>
      {...dialog} testId="supplier-form" size={WIDE_DIALOG} scrollBehavior="inside" listPath={SUPPLIER_LIST_PATH} serverFields={TEXTS}
      title={record ? t('form.editTitle', { name: record.title || record.name }) : t('form.addTitle')}
      defaultValues={() => defaults(record)}
      save={(values) => (record ? editSupplier({ ...body(values), id: record.id }) : addSupplier(body(values)))}
    >
      <SupplierFields />
    </RecordFormDialog>
  );
}

function SupplierFields() {
  const { t } = useTranslation('carrierSupplier');
  const apiType = (
    <TextField<Values> name="apiType" label={t('field.apiType')} helper={t('form.apiTypeHint')} testId="supplier-api-type"
      suggestions={{ id: 'supplier-api-types', values: API_TYPES, label: (type) => t(`apiType.${type as (typeof API_TYPES)[number]}`) }} />
  );
  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <CodeNameFields<Values> text={t} testId="supplier" afterCode={apiType} />
        <TextField<Values> name="contact" label={t('field.contact')} maxLength={100} autoComplete="off" testId="supplier-contact" />
        <TextField<Values> name="phone" label={t('field.phone')} type="tel" inputMode="tel" maxLength={50} autoComplete="off" testId="supplier-phone" />
        <TextField<Values> name="email" label={t('field.email')} type="email" autoComplete="off" testId="supplier-email" rules={{ validate: optionalEmail }} />
        <FormSwitch<Values> colorPalette="green" name="enabled" label={t('form.enabled')} helper={t('form.enabledHint')} testId="supplier-enabled" />
      </SimpleGrid>
      <TextareaField<Values> name="remark" label={t('field.remark')} maxLength={500} testId="supplier-remark" />
    </>
  );
}
