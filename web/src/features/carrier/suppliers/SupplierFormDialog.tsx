import { Input, SimpleGrid, Textarea } from '@chakra-ui/react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validateEmail } from '../../../core';
import { currentLanguage } from '../../../i18n';
import { FormField } from '../../../components/form/FormField';
import { FormSwitch } from '../../../components/form/FormSwitch';
import { RecordFormDialog } from '../../../components/form/RecordFormDialog';
import { CODE_PATTERN, orNull } from '../../../components/form/serverError';
import { addSupplier, API_TYPES, editSupplier, SUPPLIER_LIST_PATH, type SupplierRecord } from './api';

interface Values {
  code: string;
  name: string;
  nameEn: string;
  contact: string;
  phone: string;
  email: string;
  apiType: string;
  enabled: boolean;
  remark: string;
}

const FIELDS: readonly (keyof Values)[] = ['code', 'name', 'nameEn', 'contact', 'phone', 'email', 'apiType', 'remark'];

const defaults = (record: SupplierRecord | undefined): Values => ({
  code: record?.code ?? '',
  name: record?.name ?? '',
  nameEn: record?.nameEn ?? '',
  contact: record?.contact ?? '',
  phone: record?.phone ?? '',
  email: record?.email ?? '',
  apiType: record?.apiType ?? '',
  enabled: record ? Number(record.status) === 1 : true,
  remark: record?.remark ?? '',
});

interface SupplierFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The supplier to edit; a new one when undefined. */
  record: SupplierRecord | undefined;
  onSaved?: () => void;
}

/** Add or edit a supplier (`POST /logistics/supplier/add`, `PUT /logistics/supplier/edit`). */
export function SupplierFormDialog({ open, onOpenChange, record, onSaved }: SupplierFormDialogProps) {
  const { t } = useTranslation('carrierSupplier');
  const save = (values: Values) => {
    const body = {
      code: values.code.trim().toUpperCase(),
      name: values.name.trim(),
      nameEn: orNull(values.nameEn),
      contact: orNull(values.contact),
      phone: orNull(values.phone),
      email: orNull(values.email),
      apiType: orNull(values.apiType),
      status: values.enabled ? 1 : 0,
      remark: orNull(values.remark),
    };
    return record ? editSupplier({ ...body, id: record.id }) : addSupplier(body);
  };
  return (
    <RecordFormDialog<Values, SupplierRecord>
      open={open}
      onOpenChange={onOpenChange}
      testId="supplier-form"
      size={{ base: 'full', sm: 'lg' }}
      scrollBehavior="inside"
      title={record ? t('form.editTitle', { name: record.title || record.name }) : t('form.addTitle')}
      defaultValues={() => defaults(record)}
      save={save}
      listPath={SUPPLIER_LIST_PATH}
      onSaved={onSaved}
      serverFields={FIELDS}
    >
      <SupplierFields />
    </RecordFormDialog>
  );
}

function SupplierFields() {
  const { t } = useTranslation('carrierSupplier');
  const { register, formState, control } = useFormContext<Values>();
  const err = formState.errors;

  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField label={t('field.code')} required error={err.code?.message} helper={t('form.codeHint')} testId="supplier-code">
          <Input
            size="sm"
            fontFamily="mono"
            textTransform="uppercase"
            autoComplete="off"
            spellCheck={false}
            maxLength={32}
            data-testid="supplier-code"
            {...register('code', {
              validate: {
                required: (v) => (v.trim() ? true : t('form.codeRequired')),
                pattern: (v) => (CODE_PATTERN.test(v.trim()) ? true : t('form.codeInvalid')),
              },
            })}
          />
        </FormField>
        <FormField label={t('field.apiType')} helper={t('form.apiTypeHint')}>
          <Input size="sm" list="supplier-api-types" autoComplete="off" maxLength={50} data-testid="supplier-api-type" {...register('apiType')} />
          <datalist id="supplier-api-types">
            {API_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`apiType.${type}`)}
              </option>
            ))}
          </datalist>
        </FormField>
        <FormField label={t('field.name')} required error={err.name?.message} testId="supplier-name">
          <Input size="sm" maxLength={100} data-testid="supplier-name" {...register('name', { validate: (v) => (v.trim() ? true : t('form.nameRequired')) })} />
        </FormField>
        <FormField label={t('field.nameEn')} error={err.nameEn?.message}>
          <Input size="sm" maxLength={100} data-testid="supplier-name-en" {...register('nameEn')} />
        </FormField>
        <FormField label={t('field.contact')} error={err.contact?.message}>
          <Input size="sm" maxLength={100} autoComplete="off" data-testid="supplier-contact" {...register('contact')} />
        </FormField>
        <FormField label={t('field.phone')} error={err.phone?.message}>
          <Input size="sm" type="tel" inputMode="tel" maxLength={50} autoComplete="off" data-testid="supplier-phone" {...register('phone')} />
        </FormField>
        <FormField label={t('field.email')} error={err.email?.message} testId="supplier-email">
          <Input
            size="sm"
            type="email"
            autoComplete="off"
            data-testid="supplier-email"
            {...register('email', { validate: (v) => (v.trim() === '' ? true : (validateEmail(v.trim(), currentLanguage()) ?? true)) })}
          />
        </FormField>
        <FormSwitch colorPalette="green" control={control} name="enabled" label={t('form.enabled')} helper={t('form.enabledHint')} testId="supplier-enabled" />
      </SimpleGrid>
      <FormField label={t('field.remark')} error={err.remark?.message}>
        <Textarea size="sm" rows={3} autoresize maxLength={500} data-testid="supplier-remark" {...register('remark')} />
      </FormField>
    </>
  );
}
