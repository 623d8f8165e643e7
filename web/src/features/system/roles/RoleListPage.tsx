/**
 * `system/RoleList` (角色管理 Roles): search, server paging and sorting, add/edit dialog,
 * delete (built-in roles cannot be deleted), batch delete and the "Authorize" drawer with the
 * permission tree and data rules (contract "Roles").
 */
import { Badge, Button, Card, Field, Flex, Heading, HStack, IconButton, Input, Stack, Text, Wrap } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '../../../api/client';
import { Authorized } from '../../../components/Authorized';
import { useConfirm } from '../../../components/ConfirmDialog';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { PencilIcon, PlusIcon, RefreshIcon, ShieldIcon, TrashIcon } from '../../../components/icons';
import { SearchBar } from '../../../components/SearchBar';
import { toaster } from '../../../components/ui/toaster';
import { useRequireSelection } from '../../../hooks/useRequireSelection';
import { useServerList } from '../../../hooks/useServerList';
import { RoleFormDialog } from './RoleFormDialog';
import { RolePermissionDrawer } from './RolePermissionDrawer';
import { deleteRole, deleteRoles, isBuiltIn, ROLE_LIST_PATH, type RoleRecord } from './api';

interface RoleFilters {
  roleName: string;
  roleCode: string;
  [key: string]: string;
}

const EMPTY_FILTERS: RoleFilters = { roleName: '', roleCode: '' };

export default function RoleListPage() {
  const { t } = useTranslation('sysRole');
  const [draft, setDraft] = useState<RoleFilters>(EMPTY_FILTERS);
  const [filters, setFilters] = useState<RoleFilters>(EMPTY_FILTERS);
  const list = useServerList<RoleRecord>(ROLE_LIST_PATH, filters, { defaultSort: { column: 'createTime', order: 'desc' } });
  const requireSelection = useRequireSelection();
  const { confirm, dialog } = useConfirm();
  const [form, setForm] = useState<{ open: boolean; role?: RoleRecord }>({ open: false });
  const [authorizing, setAuthorizing] = useState<RoleRecord>();

  async function succeed(action: Promise<Envelope<unknown>>, clearSelection = false) {
    const envelope = await action;
    toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
    if (clearSelection) list.clearSelection();
    await list.refetch();
  }

  function askDelete(role: RoleRecord) {
    confirm({
      title: t('confirm.deleteTitle', { ns: 'dataTable' }),
      description: t('confirm.deleteDescription', { name: role.roleName }),
      confirmLabel: t('action.delete'),
      onConfirm: () => succeed(deleteRole(role.id)),
    });
  }

  function batchDelete() {
    if (!requireSelection(list.selection)) return;
    const ids = list.selection;
    confirm({
      title: t('confirm.deleteTitle', { ns: 'dataTable' }),
      description: t('confirm.batchDeleteDescription', { ns: 'dataTable', count: ids.length }),
      confirmLabel: t('action.delete'),
      onConfirm: () => succeed(deleteRoles(ids), true),
    });
  }

  const columns = roleColumns({
    t,
    onEdit: (role) => setForm({ open: true, role }),
    onAuthorize: setAuthorizing,
    onDelete: askDelete,
  });

  return (
    <Stack gap="4" data-testid="role-list-page">
      <SearchBar
        onSearch={() => setFilters({ ...draft })}
        onReset={() => {
          setDraft(EMPTY_FILTERS);
          setFilters(EMPTY_FILTERS);
        }}
        loading={list.loading}
      >
        <Field.Root>
          <Field.Label>{t('field.roleName')}</Field.Label>
          <Input size="sm" value={draft.roleName} onChange={(event) => setDraft({ ...draft, roleName: event.currentTarget.value })} placeholder={t('placeholder.roleName')} />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('field.roleCode')}</Field.Label>
          <Input size="sm" value={draft.roleCode} onChange={(event) => setDraft({ ...draft, roleCode: event.currentTarget.value })} placeholder={t('field.roleCode')} />
        </Field.Root>
      </SearchBar>

      <Card.Root size="sm">
        <Card.Header>
          <Flex gap="3" wrap="wrap" align="center" justify="space-between">
            <Heading size="md">{t('list.title')}</Heading>
            <Wrap gap="2">
              <Authorized action="system:role:add">
                <Button size="sm" onClick={() => setForm({ open: true })} data-testid="role-add">
                  <PlusIcon />
                  {t('action.add')}
                </Button>
              </Authorized>
              <Authorized action="system:role:delete">
                <Button size="sm" variant="outline" colorPalette="red" onClick={batchDelete} data-testid="role-batch-delete">
                  {t('action.batchDelete')}
                </Button>
              </Authorized>
              <IconButton size="sm" variant="ghost" aria-label={t('action.refresh', { ns: 'dataTable' })} title={t('action.refresh', { ns: 'dataTable' })} onClick={() => void list.refetch()}>
                <RefreshIcon />
              </IconButton>
            </Wrap>
          </Flex>
        </Card.Header>
        <Card.Body>
          <DataTable
            columns={columns}
            rows={list.rows}
            total={list.total}
            loading={list.loading}
            page={list.page}
            onPageChange={list.setPage}
            sort={list.sort}
            onSortChange={list.setSort}
            selectedIds={list.selection}
            onSelectionChange={list.setSelection}
            isRowSelectable={(role) => !isBuiltIn(role)}
            caption={t('list.title')}
            testId="role-table"
          />
        </Card.Body>
      </Card.Root>

      <RoleFormDialog open={form.open} role={form.role} onOpenChange={(open) => setForm((current) => ({ ...current, open }))} onSaved={() => void list.refetch()} />
      <RolePermissionDrawer role={authorizing} onClose={() => setAuthorizing(undefined)} />
      {dialog}
    </Stack>
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
    {
      id: 'description',
      header: t('field.description'),
      hideBelow: 'lg',
      cell: (role) => (
        <Text truncate maxWidth="64" title={role.description ?? undefined}>
          {role.description || '—'}
        </Text>
      ),
    },
    { id: 'createTime', header: t('field.createTime'), sortable: true, hideBelow: 'md', cell: (role) => <Text whiteSpace="nowrap">{role.createTime || '—'}</Text> },
    {
      id: 'actions',
      header: t('action.actions', { ns: 'dataTable' }),
      sticky: true,
      cell: (role) => {
        const builtIn = isBuiltIn(role);
        return (
          <HStack gap="0.5">
            <Authorized action="system:role:edit">
              <IconButton size="xs" variant="ghost" aria-label={t('action.edit')} title={t('action.edit')} onClick={() => onEdit(role)} data-testid="role-edit">
                <PencilIcon />
              </IconButton>
            </Authorized>
            <Authorized action="system:role:authorize">
              <Button size="xs" variant="ghost" onClick={() => onAuthorize(role)} data-testid="role-authorize">
                <ShieldIcon />
                {t('action.authorize')}
              </Button>
            </Authorized>
            <Authorized action="system:role:delete">
              <IconButton
                size="xs"
                variant="ghost"
                colorPalette="red"
                aria-label={t('action.delete')}
                title={builtIn ? t('builtInHint') : t('action.delete')}
                disabled={builtIn}
                onClick={() => onDelete(role)}
                data-testid="role-delete"
              >
                <TrashIcon />
              </IconButton>
            </Authorized>
          </HStack>
        );
      },
    },
  ];
}
