import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { KeyIcon } from '../../../components/icons';
import { editDeleteColumn, ListEmpty, monoColumn, ListPage, ListTable, ListToolbar, timeColumn, useDeleteRecords, useFormTarget, useListPage } from '../../../components/list';
import { DEPART_ROLE_LIST_PATH, deleteDepartRole, type DepartRole } from './api';
import { DepartRoleFormDialog } from './DepartRoleFormDialog';
import { DeptRoleAuthorizeDrawer } from './DeptRoleAuthorizeDrawer';

/** Every action on a department's roles takes this one permission. */
const ROLE_PERMISSION = 'system:depart:role';

interface ColumnDeps {
  t: TFunction<'sysDepart'>;
  onEdit: (role: DepartRole) => void;
  onAuthorize: (role: DepartRole) => void;
  onDelete: (role: DepartRole) => void;
}

function roleColumns({ t, onEdit, onAuthorize, onDelete }: ColumnDeps): DataColumn<DepartRole>[] {
  return [
    { id: 'roleName', header: t('role.roleName') },
    monoColumn<DepartRole>('roleCode', t('role.roleCode'), (role) => role.roleCode),
    { id: 'description', header: t('role.description'), hideBelow: 'md' },
    // The tab sits beside the department tree: at 1280 px there is no room for the date.
    timeColumn<DepartRole>('createTime', t('role.createTime'), (role) => role.createTime, { hideBelow: '2xl' }),
    editDeleteColumn<DepartRole>('text', {
      permission: { edit: ROLE_PERMISSION, delete: ROLE_PERMISSION },
      testId: 'depart-role',
      onEdit,
      onDelete,
      more: (role) => [{ action: ROLE_PERMISSION, label: t('role.authorize'), colorPalette: 'blue', onClick: () => onAuthorize(role), testId: 'depart-role-authorize-open' }],
    }),
  ];
}

/** "Department roles": the department's own roles, each with its permissions. */
export function DepartRolesTab({ departId }: { departId: string }) {
  const { t } = useTranslation('sysDepart');
  const form = useFormTarget<DepartRole>();
  const [authorizing, setAuthorizing] = useState<DepartRole>();
  const { list } = useListPage<DepartRole, Record<string, never>>(DEPART_ROLE_LIST_PATH, {
    emptyFilters: {},
    params: () => ({ deptId: departId }),
    defaultSort: { column: 'createTime', order: 'desc' },
    inUrl: false,
  });
  const remover = useDeleteRecords<DepartRole>({
    list,
    removeOne: (role) => deleteDepartRole(role.id),
    title: t('role.deleteTitle'),
    describe: (role) => t('role.deleteDescription', { name: role.roleName }),
    testId: 'depart-role-delete-confirm',
  });

  return (
    <ListPage
      plain
      testId="depart-roles"
      toolbar={<ListToolbar testIdPrefix="depart-role" add={{ action: ROLE_PERMISSION, label: t('role.add'), onClick: form.add }} />}
      dialogs={
        <>
          <DepartRoleFormDialog open={form.open} onOpenChange={form.dialog.onOpenChange} departId={departId} role={form.record} onSaved={() => void list.refetch()} />
          <DeptRoleAuthorizeDrawer departId={departId} role={authorizing} onClose={() => setAuthorizing(undefined)} />
          {remover.dialog}
        </>
      }
    >
      <ListTable
        list={list}
        columns={roleColumns({ t, onEdit: form.edit, onAuthorize: setAuthorizing, onDelete: remover.askDelete })}
        getRowId={(role) => role.id}
        caption={t('role.caption')}
        testId="depart-role-table"
        emptyState={<ListEmpty icon={<KeyIcon />} description={t('role.empty')} />}
      />
    </ListPage>
  );
}
