import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TextareaField, TextField } from '../../../components/form/fields';
import { RecordFormDialog, type FormOpenProps } from '../../../components/form/RecordFormDialog';
import { useDuplicateCheck, useRuleCheck } from '../../../components/form/uniqueField';
import { textValues } from '../../../components/form/values';
import { validateRequired } from '../../../core';
import { currentLanguage } from '../../../i18n';
import { addRole, editRole, type RoleRecord } from './api';

const FIELDS = ['roleCode', 'roleName', 'roleNameEn', 'description'] as const;
type Values = Record<(typeof FIELDS)[number], string>;
const required = (label: string) => (value: string) => validateRequired(value.trim(), label, currentLanguage()) ?? true;
const body = (values: Values) => ({ roleCode: values.roleCode.trim(), roleName: values.roleName.trim(), roleNameEn: values.roleNameEn.trim(), description: values.description.trim() });

export type RoleFormDialogProps = FormOpenProps & {
  /** The role to edit; `undefined` adds one. */
  role?: RoleRecord;
  onSaved: () => void;
};

/** Add or edit a role: the code follows the `role_code` rule and is unique in the tenant. */
export function RoleFormDialog({ role, ...dialog }: RoleFormDialogProps) {
  const { t } = useTranslation('sysRole');
  return (
    <RecordFormDialog<Values>
      {...dialog} testId="role-dialog" errorTestId="role-form-error" submitTestId="role-save" fieldSize="md" mode="onChange" serverFields={FIELDS}
      size={{ base: 'full', md: 'lg' }}
      title={role ? t('dialog.editTitle') : t('dialog.addTitle')}
      defaultValues={() => textValues(role, FIELDS)}
      save={(values) => (role ? editRole({ ...body(values), id: role.id }) : addRole(body(values)))}
    >
      <RoleFields role={role} />
    </RecordFormDialog>
  );
}

function RoleFields({ role }: { role: RoleRecord | undefined }) {
  const { t } = useTranslation('sysRole');
  const editing = role !== undefined;
  const codeRule = useRuleCheck('role_code');
  const codeUnique = useDuplicateCheck('sys_role', 'role_code', role?.id);
  return (
    <>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField<Values> name="roleCode" label={t('field.roleCode')} required={!editing} helper={editing ? t('hint.roleCode') : undefined} autoComplete="off" readOnly={editing}
          placeholder={t('placeholder.roleCode')} testId="role-code" rules={editing ? {} : { validate: { required: required(t('field.roleCode')), rule: codeRule, unique: codeUnique } }} />
        <TextField<Values> name="roleName" label={t('field.roleName')} required placeholder={t('placeholder.roleName')} testId="role-name" rules={{ validate: required(t('field.roleName')) }} />
        <TextField<Values> name="roleNameEn" label={t('field.roleNameEn')} placeholder={t('placeholder.roleNameEn')} />
      </SimpleGrid>
      <TextareaField<Values> name="description" label={t('field.description')} autoresize={false} placeholder={t('placeholder.description')} />
    </>
  );
}
