import { Field, Fieldset, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RecordFormDialog } from '../../../components/form/RecordFormDialog';
import { message, validateNewPassword, validateRequired, validateUsername } from '../../../core';
import { currentLanguage } from '../../../i18n';
import { useDuplicateCheck } from '../../../components/form/uniqueField';
import { addTenant, editTenant, TENANT_LIST_PATH, type TenantInput, type TenantRecord } from './api';

export interface TenantFormValues {
  id: string;
  name: string;
  nameEn: string;
  status: '1' | '0';
  beginDate: string;
  endDate: string;
  adminUsername: string;
  adminPassword: string;
  adminConfirm: string;
}

const defaults = (record: TenantRecord | undefined): TenantFormValues => ({
  id: record ? String(record.id) : '',
  name: record?.name ?? '',
  nameEn: record?.nameEn ?? '',
  status: record && Number(record.status) === 0 ? '0' : '1',
  beginDate: record?.beginDate?.slice(0, 10) ?? '',
  endDate: record?.endDate?.slice(0, 10) ?? '',
  adminUsername: '',
  adminPassword: '',
  adminConfirm: '',
});

const lang = () => currentLanguage();
/** The administrator block is optional: its rules apply once any of its fields is filled. */
const wantsAdmin = (v: TenantFormValues) => v.adminUsername.trim() !== '' || v.adminPassword !== '' || v.adminConfirm !== '';

/** Core rules of the optional first administrator (the same messages the server sends). */
export const adminRules = {
  adminUsername: (value: string, all: TenantFormValues) => {
    if (!wantsAdmin(all)) return true;
    const v = value.trim();
    return validateRequired(v, message('field_username', lang()), lang()) ?? validateUsername(v, lang()) ?? true;
  },
  adminPassword: (_: string, all: TenantFormValues) => {
    if (!wantsAdmin(all)) return true;
    const error = validateNewPassword(all.adminPassword, all.adminConfirm, lang());
    return error?.field === 'password' ? error.message : true;
  },
  adminConfirm: (_: string, all: TenantFormValues) => {
    if (!wantsAdmin(all)) return true;
    const error = validateNewPassword(all.adminPassword, all.adminConfirm, lang());
    return error?.field === 'confirmpassword' ? error.message : true;
  },
};

interface TenantFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  record: TenantRecord | undefined;
  onSaved?: () => void;
}

/** Add or edit a tenant; on add an optional first administrator is created with it. */
export function TenantFormDialog({ open, onOpenChange, record, onSaved }: TenantFormDialogProps) {
  const { t } = useTranslation('sysTenant');
  const save = (values: TenantFormValues) => {
    const body: TenantInput = {
      name: values.name.trim(),
      nameEn: values.nameEn.trim() || null,
      status: Number(values.status),
      beginDate: values.beginDate || null,
      endDate: values.endDate || null,
    };
    if (record) return editTenant({ ...body, id: record.id });
    if (values.id.trim()) body.id = Number(values.id.trim());
    if (wantsAdmin(values)) {
      body.adminUsername = values.adminUsername.trim();
      body.adminPassword = values.adminPassword;
    }
    return addTenant(body);
  };
  return (
    <RecordFormDialog<TenantFormValues, TenantRecord>
      open={open}
      onOpenChange={onOpenChange}
      testId="tenant-form"
      size={{ base: 'full', sm: 'lg' }}
      scrollBehavior="inside"
      title={record ? t('form.editTitle', { name: record.name }) : t('form.addTitle')}
      defaultValues={() => defaults(record)}
      save={save}
      listPath={TENANT_LIST_PATH}
      onSaved={onSaved}
    >
      <TenantFields record={record} />
    </RecordFormDialog>
  );
}

function TenantFields({ record }: { record: TenantRecord | undefined }) {
  const { t } = useTranslation('sysTenant');
  const { register, formState, trigger } = useFormContext<TenantFormValues>();
  const nameUnique = useDuplicateCheck('sys_tenant', 'name', record?.id);
  const err = formState.errors;
  // The admin fields depend on each other: re-check the others when one changes.
  const adminField = (name: 'adminUsername' | 'adminPassword' | 'adminConfirm') =>
    register(name, {
      validate: adminRules[name],
      onChange: () => {
        const touched = (['adminUsername', 'adminPassword', 'adminConfirm'] as const).filter((other) => other !== name && (formState.touchedFields[other] || formState.errors[other]));
        if (touched.length > 0) void trigger(touched);
      },
    });

  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root invalid={!!err.id} readOnly={record !== undefined}>
          <Field.Label>{t('field.id')}</Field.Label>
          <Input
            size="sm"
            inputMode="numeric"
                            data-testid="tenant-id"
            {...register('id', { validate: (v) => (record || v.trim() === '' || /^[1-9]\d{0,9}$/.test(v.trim()) ? true : t('form.idInvalid')) })}
          />
          {err.id ? <Field.ErrorText>{err.id.message}</Field.ErrorText> : record ? null : <Field.HelperText>{t('form.idHint')}</Field.HelperText>}
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('field.status')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field data-testid="tenant-status" {...register('status')}>
              <option value="1">{t('status.1')}</option>
              <option value="0">{t('status.0')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root invalid={!!err.name} required>
          <Field.Label>
            {t('field.name')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            size="sm"
            data-testid="tenant-name"
            {...register('name', { validate: { required: (v) => (v.trim() ? true : t('form.nameRequired')), unique: nameUnique } })}
          />
          <Field.ErrorText>{err.name?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('field.nameEn')}</Field.Label>
          <Input size="sm" data-testid="tenant-name-en" {...register('nameEn')} />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('field.beginDate')}</Field.Label>
          <Input size="sm" type="date" data-testid="tenant-begin" {...register('beginDate', { deps: ['endDate'] })} />
        </Field.Root>
        <Field.Root invalid={!!err.endDate}>
          <Field.Label>{t('field.endDate')}</Field.Label>
          <Input
            size="sm"
            type="date"
            data-testid="tenant-end"
            {...register('endDate', { validate: (v, all) => (!v || !all.beginDate || v >= all.beginDate ? true : t('form.endBeforeBegin')) })}
          />
          <Field.ErrorText>{err.endDate?.message}</Field.ErrorText>
        </Field.Root>
      </SimpleGrid>
      {record ? null : (
        <Fieldset.Root borderWidth="1px" rounded="md" padding="4">
          <Fieldset.Legend textStyle="sm" fontWeight="medium" paddingX="1">
            {t('form.admin')}
          </Fieldset.Legend>
          <Fieldset.HelperText>{t('form.adminHint')}</Fieldset.HelperText>
          <Fieldset.Content>
            <Field.Root invalid={!!err.adminUsername}>
              <Field.Label>{t('form.adminUsername')}</Field.Label>
              <Input size="sm" autoComplete="off" data-testid="tenant-admin-username" {...adminField('adminUsername')} />
              <Field.ErrorText>{err.adminUsername?.message}</Field.ErrorText>
            </Field.Root>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <Field.Root invalid={!!err.adminPassword}>
                <Field.Label>{t('form.adminPassword')}</Field.Label>
                <Input size="sm" type="password" autoComplete="new-password" data-testid="tenant-admin-password" {...adminField('adminPassword')} />
                <Field.ErrorText>{err.adminPassword?.message}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!err.adminConfirm}>
                <Field.Label>{t('form.adminConfirm')}</Field.Label>
                <Input size="sm" type="password" autoComplete="new-password" data-testid="tenant-admin-confirm" {...adminField('adminConfirm')} />
                <Field.ErrorText>{err.adminConfirm?.message}</Field.ErrorText>
              </Field.Root>
            </SimpleGrid>
          </Fieldset.Content>
        </Fieldset.Root>
      )}
    </>
  );
}
