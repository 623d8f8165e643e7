import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TextareaField, TextField } from '../../../components/form/fields';
import { RecordFormDialog, type FormOpenProps } from '../../../components/form/RecordFormDialog';
import { requiredText } from '../../../components/form/rules';
import { useDuplicateCheck, useRuleCheck } from '../../../components/form/uniqueField';
import { textValues } from '../../../components/form/values';
import { orNull } from '../../../components/form/serverError';
import { addDepartRole, editDepartRole, type DepartRole } from './api';

type Values = Record<'roleName' | 'roleCode' | 'description', string>;

/** Add or edit a role of the department `departId` (code: `role_code` rule, unique within the tenant). */
export function DepartRoleFormDialog({ departId, role, ...dialog }: FormOpenProps & { departId: string; role: DepartRole | undefined; onSaved: () => void }) {
  const { t } = useTranslation('sysDepart');
  const body = (values: Values) => ({ departId, roleName: values.roleName.trim(), roleCode: values.roleCode.trim(), description: orNull(values.description) });
  return (
    <RecordFormDialog<Values>
      {...dialog} testId="depart-role-form"
      title={role ? t('role.editTitle') : t('role.addTitle')}
      defaultValues={() => textValues(role, ['roleName', 'roleCode', 'description'])}
      save={(values) => (role ? editDepartRole({ ...body(values), id: role.id }) : addDepartRole(body(values)))}
    >
      <RoleFields roleId={role?.id} />
    </RecordFormDialog>
  );
}

function RoleFields({ roleId }: { roleId: string | undefined }) {
  const { t } = useTranslation('sysDepart');
  const codeUnique = useDuplicateCheck('sys_depart_role', 'role_code', roleId);
  const codeRule = useRuleCheck('role_code');
  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField<Values> name="roleName" label={t('role.roleName')} required testId="depart-role-name" rules={{ validate: requiredText(t('role.roleNameRequired')) }} />
        <TextField<Values> name="roleCode" label={t('role.roleCode')} required fontFamily="mono" autoComplete="off" testId="depart-role-code"
          rules={{ validate: { required: requiredText(t('role.roleCodeRequired')), rule: codeRule, unique: codeUnique } }} />
      </SimpleGrid>
      <TextareaField<Values> name="description" label={t('role.description')} testId="depart-role-description" />
    </>
  );
}
