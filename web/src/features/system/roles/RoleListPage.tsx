/**
 * `system/RoleList` (角色管理 Roles): search, server paging and sorting, add/edit dialog,
 * delete (built-in roles cannot be deleted), batch delete and the "Authorize" drawer with the
 * permission tree and data rules (contract "Roles").
 */
import { Badge, HStack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { ShieldIcon } from '../../../components/icons';
import { actionsColumn, createTimeColumn, FilterText, ListPage, ListSearchBar, ListTable, ListToolbar, truncatedColumn, useDeleteRecords, useListPage } from '../../../components/list';
import { RoleFormDialog } from './RoleFormDialog';
import { RolePermissionDrawer } from './RolePermissionDrawer';
import { deleteRole, deleteRoles, isBuiltIn, ROLE_LIST_PATH, type RoleRecord } from './api';

/** The filters (in the URL) and their empty values. */
const EMPTY_FILTERS = { roleName: '', roleCode: '' };
type RoleFilters = typeof EMPTY_FILTERS;

export default function RoleListPage() {
  const { t } = useTranslation('sysRole');
  const page = useListPage<RoleRecord, RoleFilters>(ROLE_LIST_PATH, { emptyFilters: EMPTY_FILTERS, defaultSort: { column: 'createTime', order: 'desc' } });
  const { list } = page;
  const [form, setForm] = useState<{ open: boolean; role?: RoleRecord }>({ open: false });
  const [authorizing, setAuthorizing] = useState<RoleRecord>();
  const remover = useDeleteRecords<RoleRecord>({
    list,
    remove: deleteRoles,
    removeOne: (role) => deleteRole(role.id),
    title: t('confirm.deleteTitle', { ns: 'dataTable' }),
    describe: (role) => t('confirm.deleteDescription', { name: role.roleName }),
    describeBatch: (count) => t('confirm.batchDeleteDescription', { ns: 'dataTable', count }),
    confirmLabel: t('action.delete'),
  });

  const columns = roleColumns({
    t,
    onEdit: (role) => setForm({ open: true, role }),
    onAuthorize: setAuthorizing,
    onDelete: remover.askDelete,
  });

  return (
    <ListPage
      testId="role-list-page"
      search={
        <ListSearchBar page={page}>
          <FilterText page={page} name="roleName" label={t('field.roleName')} placeholder={t('placeholder.roleName')} />
          <FilterText page={page} name="roleCode" label={t('field.roleCode')} placeholder={t('field.roleCode')} />
        </ListSearchBar>
      }
      title={t('list.title')}
      toolbar={
        <ListToolbar
          testIdPrefix="role"
          add={{ action: 'system:role:add', label: t('action.add'), onClick: () => setForm({ open: true }) }}
          batchDelete={{ action: 'system:role:delete', onClick: remover.askBatchDelete }}
          onRefresh={list.refetch}
        />
      }
      dialogs={
        <>
          <RoleFormDialog open={form.open} role={form.role} onOpenChange={(open) => setForm((current) => ({ ...current, open }))} onSaved={() => void list.refetch()} />
          <RolePermissionDrawer role={authorizing} onClose={() => setAuthorizing(undefined)} />
          {remover.dialog}
        </>
      }
    >
      <ListTable list={list} selectable isRowSelectable={(role) => !isBuiltIn(role)} columns={columns} caption={t('list.title')} testId="role-table" />
    </ListPage>
  );
}

interface ColumnContext {
  t: TFunction<'sysRole'>;
  onEdit: (role: RoleRecord) => void;
  onAuthorize: (role: RoleRecord) => void;
  onDelete: (role: RoleRecord) => void;
}

/** The table's columns (outside the page so cells are not components declared in render). */
function roleColumns({ t, onEdit, onAuthorize, onDelete }: ColumnContext): DataColumn<RoleRecord>[] {
  return [
    {
      id: 'roleCode',
      header: t('field.roleCode'),
      sortable: true,
      cell: (role) => (
        <HStack gap="2">
          <Text fontFamily="mono" textStyle="sm">
            {role.roleCode}
          </Text>
          {isBuiltIn(role) ? (
            <Badge size="xs" colorPalette="blue" variant="subtle">
              {t('field.builtIn')}
            </Badge>
          ) : null}
        </HStack>
      ),
    },
    { id: 'roleName', header: t('field.roleName'), sortable: true, cell: (role) => <Text fontWeight="medium">{role.roleName}</Text> },
    { id: 'roleNameEn', header: t('field.roleNameEn'), hideBelow: 'md', cell: (role) => role.roleNameEn || '—' },
    truncatedColumn<RoleRecord>('description', t('field.description'), (role) => role.description, '64', { hideBelow: 'lg' }),
    createTimeColumn<RoleRecord>(t('field.createTime')),
    actionsColumn<RoleRecord>('icon', (role) => [
      { kind: 'edit', action: 'system:role:edit', onClick: () => onEdit(role), testId: 'role-edit' },
      { action: 'system:role:authorize', display: 'text', label: t('action.authorize'), icon: <ShieldIcon />, onClick: () => onAuthorize(role), testId: 'role-authorize' },
      {
        kind: 'delete',
        action: 'system:role:delete',
        title: isBuiltIn(role) ? t('builtInHint') : undefined,
        disabled: isBuiltIn(role),
        onClick: () => onDelete(role),
        testId: 'role-delete',
      },
    ]),
  ];
}
