import { Fieldset, SimpleGrid } from '@chakra-ui/react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../components/form/fields';
import { statusOptions } from '../../../components/form/options';
import { PasswordFields } from '../../../components/form/PasswordFields';
import { RecordFormDialog, WIDE_DIALOG, type RecordFormOpenProps } from '../../../components/form/RecordFormDialog';
import { requiredText, usernameRule } from '../../../components/form/rules';
import { useDuplicateCheck } from '../../../components/form/uniqueField';
import { orNull } from '../../../components/form/serverError';
import { textValues } from '../../../components/form/values';
import { addTenant, editTenant, TENANT_LIST_PATH, type TenantInput, type TenantRecord } from './api';

const ADMIN_FIELDS = ['adminUsername', 'adminPassword', 'adminConfirm'] as const;
export type TenantFormValues = Record<'id' | 'name' | 'nameEn' | 'beginDate' | 'endDate' | (typeof ADMIN_FIELDS)[number], string> & { status: '1' | '0' };

const defaults = (record: TenantRecord | undefined): TenantFormValues => ({
  ...textValues(undefined, ADMIN_FIELDS),
  ...textValues(record, ['name', 'nameEn']),
  id: record ? String(record.id) : '',
  status: record && Number(record.status) === 0 ? '0' : '1',
  beginDate: record?.beginDate?.slice(0, 10) ?? '',
  endDate: record?.endDate?.slice(0, 10) ?? '',
});

/** The administrator block is optional: its rules apply once any of its fields is filled. */
const wantsAdmin = (v: TenantFormValues) => v.adminUsername.trim() !== '' || v.adminPassword !== '' || v.adminConfirm !== '';

/** Add or edit a tenant; on add an optional first administrator is created with it. */
export function TenantFormDialog({ record, ...dialog }: RecordFormOpenProps<TenantRecord>) {
  const { t } = useTranslation('sysTenant');
  const save = (values: TenantFormValues) => {
    const body: TenantInput = {
      name: values.name.trim(),
      nameEn: orNull(values.nameEn),
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
      {...dialog} testId="tenant-form" size={WIDE_DIALOG} scrollBehavior="inside" listPath={TENANT_LIST_PATH}
      title={record ? t('form.editTitle', { name: record.name }) : t('form.addTitle')}
      defaultValues={() => defaults(record)}
      save={save}
    >
      <TenantFields record={record} />
    </RecordFormDialog>
  );
}

function TenantFields({ record }: { record: TenantRecord | undefined }) {
  const { t } = useTranslation('sysTenant');
  const { formState, trigger, getFieldState } = useFormContext<TenantFormValues>();
  const nameUnique = useDuplicateCheck('sys_tenant', 'name', record?.id);
  // The admin fields depend on each other: re-check the others when one changes.
  const recheckAdmin = (name: (typeof ADMIN_FIELDS)[number]) => () => {
    const touched = ADMIN_FIELDS.filter((other) => other !== name && (formState.touchedFields[other] || getFieldState(other).error));
    if (touched.length > 0) void trigger(touched);
  };

  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField<TenantFormValues> name="id" label={t('field.id')} root={{ readOnly: record !== undefined }} helper={record ? undefined : t('form.idHint')} inputMode="numeric"
          testId="tenant-id" rules={{ validate: (v) => (record || v.trim() === '' || /^[1-9]\d{0,9}$/.test(v.trim()) ? true : t('form.idInvalid')) }} />
        <SelectField<TenantFormValues> name="status" label={t('field.status')} testId="tenant-status" options={statusOptions((status) => t(`status.${status}`))} />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField<TenantFormValues> name="name" label={t('field.name')} required testId="tenant-name"
          rules={{ validate: { required: requiredText(t('form.nameRequired')), unique: nameUnique } }} />
        <TextField<TenantFormValues> name="nameEn" label={t('field.nameEn')} testId="tenant-name-en" />
        <TextField<TenantFormValues> name="beginDate" label={t('field.beginDate')} type="date" testId="tenant-begin" rules={{ deps: ['endDate'] }} />
        <TextField<TenantFormValues> name="endDate" label={t('field.endDate')} type="date" testId="tenant-end"
          rules={{ validate: (v, all) => (!v || !all.beginDate || v >= all.beginDate ? true : t('form.endBeforeBegin')) }} />
      </SimpleGrid>
      {record ? null : (
        <Fieldset.Root borderWidth="1px" rounded="md" padding="4">
          <Fieldset.Legend textStyle="sm" fontWeight="medium" paddingX="1">
            {t('form.admin')}
          </Fieldset.Legend>
          <Fieldset.HelperText>{t('form.adminHint')}</Fieldset.HelperText>
          <Fieldset.Content>
            <TextField<TenantFormValues> name="adminUsername" label={t('form.adminUsername')} autoComplete="off" testId="tenant-admin-username"
              rules={{ validate: (v, all) => (wantsAdmin(all) ? usernameRule(v) : true), onChange: recheckAdmin('adminUsername') }} />
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <PasswordFields<TenantFormValues> names={['adminPassword', 'adminConfirm']} password={{ label: t('form.adminPassword'), testId: 'tenant-admin-password' }}
                confirm={{ label: t('form.adminConfirm'), testId: 'tenant-admin-confirm' }} required={false} when={wantsAdmin}
                onChange={(name) => recheckAdmin(name === 'password' ? 'adminPassword' : 'adminConfirm')()} />
            </SimpleGrid>
          </Fieldset.Content>
        </Fieldset.Root>
      )}
    </>
  );
}
