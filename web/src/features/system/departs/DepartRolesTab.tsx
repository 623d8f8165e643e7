import { Button, EmptyState, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../components/Authorized';
import { useConfirm } from '../../../components/ConfirmDialog';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { KeyIcon } from '../../../components/icons';
import { toaster } from '../../../components/ui/toaster';
import { useServerList } from '../../../hooks/useServerList';
import { DEPART_ROLE_LIST_PATH, deleteDepartRole, type DepartRole } from './api';
import { DepartRoleFormDialog } from './DepartRoleFormDialog';
import { DeptRoleAuthorizeDrawer } from './DeptRoleAuthorizeDrawer';

interface ColumnDeps {
  t: TFunction<'sysDepart'>;
  onEdit: (role: DepartRole) => void;
  onAuthorize: (role: DepartRole) => void;
  onDelete: (role: DepartRole) => void;
}

function roleColumns({ t, onEdit, onAuthorize, onDelete }: ColumnDeps): DataColumn<DepartRole>[] {
  return [
    { id: 'roleName', header: t('role.roleName') },
    {
      id: 'roleCode',
      header: t('role.roleCode'),
      cell: (role) => (
        <Text fontFamily="mono" textStyle="sm">
          {role.roleCode}
        </Text>
      ),
    },
    { id: 'description', header: t('role.description'), hideBelow: 'md' },
    // The tab sits beside the department tree: at 1280 px there is no room for the date.
    { id: 'createTime', header: t('role.createTime'), hideBelow: '2xl' },
    {
      id: 'actions',
      header: t('action.actions', { ns: 'dataTable' }),
      sticky: true,
      cell: (role) => (
        <HStack gap="1">
          <Authorized action="system:depart:role">
            <Button size="xs" variant="ghost" colorPalette="blue" onClick={() => onEdit(role)} data-testid="depart-role-edit">
              {t('action.edit', { ns: 'dataTable' })}
            </Button>
          </Authorized>
          <Authorized action="system:depart:role">
            <Button size="xs" variant="ghost" colorPalette="blue" onClick={() => onAuthorize(role)} data-testid="depart-role-authorize-open">
              {t('role.authorize')}
            </Button>
          </Authorized>
          <Authorized action="system:depart:role">
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onDelete(role)} data-testid="depart-role-delete">
              {t('action.delete', { ns: 'dataTable' })}
            </Button>
          </Authorized>
        </HStack>
      ),
    },
  ];
}

/** "Department roles": the department's own roles, each with its permissions. */
export function DepartRolesTab({ departId }: { departId: string }) {
  const { t } = useTranslation('sysDepart');
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const [form, setForm] = useState<{ role?: DepartRole }>();
  const [authorizing, setAuthorizing] = useState<DepartRole>();
  const filters = useMemo(() => ({ deptId: departId }), [departId]);
  const list = useServerList<DepartRole>(DEPART_ROLE_LIST_PATH, filters, { defaultSort: { column: 'createTime', order: 'desc' } });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['list', DEPART_ROLE_LIST_PATH] });

  const askDelete = (role: DepartRole) =>
    confirm({
      title: t('role.deleteTitle'),
      description: t('role.deleteDescription', { name: role.roleName }),
      testId: 'depart-role-delete-confirm',
      onConfirm: async () => {
        const envelope = await deleteDepartRole(role.id);
        toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
        await refresh();
      },
    });

  const columns = roleColumns({ t, onEdit: (role) => setForm({ role }), onAuthorize: setAuthorizing, onDelete: askDelete });

  return (
    <Stack gap="4" data-testid="depart-roles">
      <Flex>
        <Authorized action="system:depart:role">
          <Button size="sm" onClick={() => setForm({})} data-testid="depart-role-add">
            {t('role.add')}
          </Button>
        </Authorized>
      </Flex>
      <DataTable
        columns={columns}
        rows={list.rows}
        total={list.total}
        loading={list.loading}
        page={list.page}
        onPageChange={list.setPage}
        getRowId={(role) => role.id}
        caption={t('role.caption')}
        testId="depart-role-table"
        emptyState={
          <EmptyState.Root size="sm">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <KeyIcon />
              </EmptyState.Indicator>
              <Text textStyle="sm" color="fg.muted">
                {t('role.empty')}
              </Text>
            </EmptyState.Content>
          </EmptyState.Root>
        }
      />
      <DepartRoleFormDialog
        open={form !== undefined}
        onOpenChange={(open) => (open ? undefined : setForm(undefined))}
        departId={departId}
        role={form?.role}
        onSaved={() => void refresh()}
      />
      <DeptRoleAuthorizeDrawer departId={departId} role={authorizing} onClose={() => setAuthorizing(undefined)} />
      {dialog}
    </Stack>
  );
}
