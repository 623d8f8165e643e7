/**
 * `system/UserList` (用户管理 Users): search, server paging and sorting, add/edit drawer,
 * password reset, freeze/unfreeze, delete, batch actions and CSV export (contract "Users").
 */
import { Avatar, Badge, Button, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../components/Authorized';
import { useConfirm } from '../../../components/ConfirmDialog';
import type { DataColumn } from '../../../components/DataTable';
import { KeyIcon, LockIcon, UnlockIcon } from '../../../components/icons';
import { actionsColumn, createTimeColumn, FilterSelect, FilterText, labelled, ListPage, ListSearchBar, ListTable, ListToolbar, truncatedColumn, useCsvExport, useDeleteRecords, useListCommand, useListPage } from '../../../components/list';
import { useButtonState } from '../../../hooks/useButtonState';
import { useRequireSelection } from '../../../hooks/useRequireSelection';
import { useLanguage } from '../../../i18n';
import { avatarUrl } from '../../../lib/avatar';
import { showTime } from '../../../lib/utcTime';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { UserFormDrawer } from './UserFormDrawer';
import { deleteUser, deleteUsers, flattenDeparts, freezeUsers, USER_LIST_PATH, useDepartTree, type UserFilters, type UserRecord, type UserStatus } from './api';

const nameOf = (user: UserRecord) => user.realname || user.username;

const EMPTY_FILTERS: UserFilters = { username: '', realname: '', phone: '', status: '', departId: '' };

export default function UserListPage() {
  const { t } = useTranslation('sysUser');
  const language = useLanguage();
  const page = useListPage<UserRecord, UserFilters>(USER_LIST_PATH, { emptyFilters: EMPTY_FILTERS, defaultSort: { column: 'createTime', order: 'desc' } });
  const { list } = page;
  const departs = useDepartTree();
  const requireSelection = useRequireSelection();
  // Row checkboxes only serve the batch buttons.
  const canFreeze = useButtonState('system:user:freeze') !== 'hidden';
  const canDelete = useButtonState('system:user:delete') !== 'hidden';
  const { confirm, dialog } = useConfirm();
  const run = useListCommand(list);
  const [drawer, setDrawer] = useState<{ open: boolean; user?: UserRecord }>({ open: false });
  const [resetting, setResetting] = useState<UserRecord>();

  const departOptions = useMemo(() => flattenDeparts(departs.data, language), [departs.data, language]);
  const sexText = (sex: number | null | undefined) => (sex === 1 ? t('sex.1') : sex === 2 ? t('sex.2') : '—');
  const statusText = (status: number) => (status === 2 ? t('status.2') : t('status.1'));

  function askFreeze(users: UserRecord[] | string[], status: UserStatus) {
    const ids = users.map((user) => (typeof user === 'string' ? user : user.id));
    const single = typeof users[0] === 'object' ? (users[0] as UserRecord) : undefined;
    const freezing = status === 2;
    confirm({
      title: freezing ? t('confirm.freezeTitle') : t('confirm.unfreezeTitle'),
      description:
        ids.length === 1 && single
          ? t(freezing ? 'confirm.freezeDescription' : 'confirm.unfreezeDescription', { name: nameOf(single) })
          : t(freezing ? 'confirm.batchFreezeDescription' : 'confirm.batchUnfreezeDescription', { count: ids.length }),
      colorPalette: freezing ? 'orange' : undefined,
      confirmLabel: freezing ? t('action.freeze') : t('action.unfreeze'),
      onConfirm: () => run(freezeUsers(ids, status), { clearSelection: !single }),
    });
  }

  const remover = useDeleteRecords<UserRecord>({
    list,
    confirm,
    remove: deleteUsers,
    removeOne: (user) => deleteUser(user.id),
    title: t('confirm.deleteTitle', { ns: 'dataTable' }),
    describe: (user) => t('confirm.deleteDescription', { name: nameOf(user) }),
    describeBatch: (count) => t('confirm.batchDeleteDescription', { ns: 'dataTable', count }),
    confirmLabel: t('action.delete'),
  });

  function batchFreeze(status: UserStatus) {
    if (requireSelection(list.selection)) askFreeze(list.selection, status);
  }

  const exporter = useCsvExport<UserRecord>({
    path: USER_LIST_PATH,
    filters: page.filters,
    sort: list.sort,
    filename: t('exportName'),
    columns: () => [
      { header: t('field.username'), value: (row) => row.username },
      { header: t('field.realname'), value: (row) => row.realname },
      { header: t('field.sex'), value: (row) => (row.sex === 1 || row.sex === 2 ? sexText(row.sex) : '') },
      { header: t('field.phone'), value: (row) => row.phone },
      { header: t('field.email'), value: (row) => row.email },
      { header: t('field.workNo'), value: (row) => row.workNo },
      { header: t('field.orgCodeTxt'), value: (row) => row.orgCodeTxt },
      { header: t('field.status'), value: (row) => statusText(row.status) },
      { header: t('field.createTime'), value: (row) => showTime(row.createTime) },
    ],
  });

  const columns = userColumns({
    t,
    sexText,
    statusText,
    onEdit: (user) => setDrawer({ open: true, user }),
    onResetPassword: setResetting,
    onFreeze: (user, status) => askFreeze([user], status),
    onDelete: remover.askDelete,
  });

  return (
    <ListPage
      testId="user-list-page"
      search={
        <ListSearchBar page={page}>
          <FilterText page={page} name="username" label={t('field.username')} placeholder={t('placeholder.username')} testId="filter-username" />
          <FilterText page={page} name="realname" label={t('field.realname')} placeholder={t('placeholder.realname')} />
          <FilterText page={page} name="phone" type="tel" label={t('field.phone')} placeholder={t('placeholder.phone')} />
          <FilterSelect page={page} name="status" label={t('field.status')} options={labelled(['1', '2'], (status) => t(`status.${status}`))} allLabel={t('placeholder.all')} testId="filter-status" />
          <FilterSelect
            page={page}
            name="departId"
            label={t('field.departs')}
            options={departOptions.map((depart) => ({ value: depart.id, label: `${'\u00A0\u00A0'.repeat(depart.depth)}${depart.name}` }))}
            allLabel={t('placeholder.allDeparts')}
            testId="filter-depart"
          />
        </ListSearchBar>
      }
      title={t('list.title')}
      toolbar={
        <ListToolbar
          testIdPrefix="user"
          add={{ action: 'system:user:add', label: t('action.add'), onClick: () => setDrawer({ open: true }) }}
          leading={
            <>
              <Authorized action="system:user:freeze">
                <Button size="sm" variant="outline" onClick={() => batchFreeze(2)} data-testid="user-batch-freeze">
                  {t('action.batchFreeze')}
                </Button>
              </Authorized>
              <Authorized action="system:user:freeze">
                <Button size="sm" variant="outline" onClick={() => batchFreeze(1)} data-testid="user-batch-unfreeze">
                  {t('action.batchUnfreeze')}
                </Button>
              </Authorized>
            </>
          }
          batchDelete={{ action: 'system:user:delete', onClick: remover.askBatchDelete }}
          exporter={exporter}
          onRefresh={list.refetch}
        />
      }
      dialogs={
        <>
          <UserFormDrawer open={drawer.open} user={drawer.user} onOpenChange={(open) => setDrawer((current) => ({ ...current, open }))} onSaved={() => void list.refetch()} />
          <ResetPasswordDialog user={resetting} onClose={() => setResetting(undefined)} />
          {dialog}
        </>
      }
    >
      <ListTable list={list} selectable={canFreeze || canDelete} columns={columns} caption={t('list.caption')} testId="user-table" />
    </ListPage>
  );
}

interface ColumnContext {
  t: TFunction<'sysUser'>;
  sexText: (sex: number | null | undefined) => string;
  statusText: (status: number) => string;
  onEdit: (user: UserRecord) => void;
  onResetPassword: (user: UserRecord) => void;
  onFreeze: (user: UserRecord, status: UserStatus) => void;
  onDelete: (user: UserRecord) => void;
}

/** The table's columns (built outside the page so cells are not components declared in render). */
function userColumns({ t, sexText, statusText, onEdit, onResetPassword, onFreeze, onDelete }: ColumnContext): DataColumn<UserRecord>[] {
  return [
    {
      id: 'avatar',
      header: t('field.avatar'),
      width: '56px',
      hideBelow: 'sm',
      cell: (row) => (
        <Avatar.Root size="xs">
          <Avatar.Fallback name={nameOf(row)} />
          {row.avatar ? <Avatar.Image src={avatarUrl(row.avatar)} alt="" /> : null}
        </Avatar.Root>
      ),
    },
    { id: 'username', header: t('field.username'), sortable: true, cell: (row) => <Text fontWeight="medium">{row.username}</Text> },
    { id: 'realname', header: t('field.realname'), sortable: true },
    { id: 'sex', header: t('field.sex'), hideBelow: 'md', cell: (row) => sexText(row.sex) },
    { id: 'phone', header: t('field.phone'), hideBelow: 'sm', cell: (row) => row.phone || '—' },
    truncatedColumn<UserRecord>('orgCodeTxt', t('field.orgCodeTxt'), (row) => row.orgCodeTxt, '48', { hideBelow: 'md' }),
    {
      id: 'status',
      header: t('field.status'),
      sortable: true,
      cell: (row) => (
        <Badge colorPalette={row.status === 2 ? 'red' : 'green'} variant="subtle" data-testid="user-status">
          {statusText(row.status)}
        </Badge>
      ),
    },
    createTimeColumn<UserRecord>(t('field.createTime'), 'lg'),
    actionsColumn<UserRecord>('icon', (row) => {
      const frozen = row.status === 2;
      return [
        { kind: 'edit', action: 'system:user:edit', onClick: () => onEdit(row), testId: 'user-edit' },
        { action: 'system:user:resetPassword', label: t('action.resetPassword'), icon: <KeyIcon />, onClick: () => onResetPassword(row), testId: 'user-reset-password' },
        {
          action: 'system:user:freeze',
          label: frozen ? t('action.unfreeze') : t('action.freeze'),
          icon: frozen ? <UnlockIcon /> : <LockIcon />,
          colorPalette: frozen ? 'green' : 'orange',
          onClick: () => onFreeze(row, frozen ? 1 : 2),
          testId: frozen ? 'user-unfreeze' : 'user-freeze',
        },
        { kind: 'delete', action: 'system:user:delete', onClick: () => onDelete(row), testId: 'user-delete' },
      ];
    }),
  ];
}
