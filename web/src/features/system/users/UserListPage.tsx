/**
 * `system/UserList` (用户管理 Users): search, server paging and sorting, add/edit drawer,
 * password reset, freeze/unfreeze, delete, batch actions and CSV export (contract "Users").
 */
import { Avatar, Badge, Button, Card, Field, Flex, Heading, HStack, IconButton, Input, NativeSelect, Stack, Text, Wrap } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '../../../api/client';
import { Authorized } from '../../../components/Authorized';
import { useConfirm } from '../../../components/ConfirmDialog';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { DownloadIcon, KeyIcon, LockIcon, PencilIcon, PlusIcon, RefreshIcon, TrashIcon, UnlockIcon } from '../../../components/icons';
import { SearchBar } from '../../../components/SearchBar';
import { toaster } from '../../../components/ui/toaster';
import { useButtonState } from '../../../hooks/useButtonState';
import { useRequireSelection } from '../../../hooks/useRequireSelection';
import { useServerList } from '../../../hooks/useServerList';
import { useLanguage } from '../../../i18n';
import { avatarUrl } from '../../../lib/avatar';
import { datedFilename, exportAll, type CsvColumn } from '../../../lib/export';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { UserFormDrawer } from './UserFormDrawer';
import { deleteUser, deleteUsers, flattenDeparts, freezeUsers, USER_LIST_PATH, useDepartTree, type UserFilters, type UserRecord, type UserStatus } from './api';

const nameOf = (user: UserRecord) => user.realname || user.username;

const EMPTY_FILTERS: UserFilters = { username: '', realname: '', phone: '', status: '', departId: '' };

export default function UserListPage() {
  const { t } = useTranslation('sysUser');
  const language = useLanguage();
  const [draft, setDraft] = useState<UserFilters>(EMPTY_FILTERS);
  const [filters, setFilters] = useState<UserFilters>(EMPTY_FILTERS);
  const list = useServerList<UserRecord>(USER_LIST_PATH, filters, { defaultSort: { column: 'createTime', order: 'desc' } });
  const departs = useDepartTree();
  const requireSelection = useRequireSelection();
  // Row checkboxes only serve the batch buttons.
  const canFreeze = useButtonState('system:user:freeze') !== 'hidden';
  const canDelete = useButtonState('system:user:delete') !== 'hidden';
  const { confirm, dialog } = useConfirm();
  const [drawer, setDrawer] = useState<{ open: boolean; user?: UserRecord }>({ open: false });
  const [resetting, setResetting] = useState<UserRecord>();
  const [exporting, setExporting] = useState(false);

  const departOptions = useMemo(() => flattenDeparts(departs.data, language), [departs.data, language]);
  const sexText = (sex: number | null | undefined) => (sex === 1 ? t('sex.1') : sex === 2 ? t('sex.2') : '—');
  const statusText = (status: number) => (status === 2 ? t('status.2') : t('status.1'));

  async function succeed(action: Promise<Envelope<unknown>>, clearSelection = false) {
    const envelope = await action;
    toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
    if (clearSelection) list.clearSelection();
    await list.refetch();
  }

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
      onConfirm: () => succeed(freezeUsers(ids, status), !single),
    });
  }

  function askDelete(user: UserRecord) {
    confirm({
      title: t('confirm.deleteTitle', { ns: 'dataTable' }),
      description: t('confirm.deleteDescription', { name: nameOf(user) }),
      confirmLabel: t('action.delete'),
      onConfirm: () => succeed(deleteUser(user.id)),
    });
  }

  function batch(status: UserStatus | 'delete') {
    if (!requireSelection(list.selection)) return;
    if (status !== 'delete') {
      askFreeze(list.selection, status);
      return;
    }
    confirm({
      title: t('confirm.deleteTitle', { ns: 'dataTable' }),
      description: t('confirm.batchDeleteDescription', { ns: 'dataTable', count: list.selection.length }),
      confirmLabel: t('action.delete'),
      onConfirm: () => succeed(deleteUsers(list.selection), true),
    });
  }

  async function exportUsers() {
    const csv: CsvColumn<UserRecord>[] = [
      { header: t('field.username'), value: (row) => row.username },
      { header: t('field.realname'), value: (row) => row.realname },
      { header: t('field.sex'), value: (row) => (row.sex === 1 || row.sex === 2 ? sexText(row.sex) : '') },
      { header: t('field.phone'), value: (row) => row.phone },
      { header: t('field.email'), value: (row) => row.email },
      { header: t('field.workNo'), value: (row) => row.workNo },
      { header: t('field.orgCodeTxt'), value: (row) => row.orgCodeTxt },
      { header: t('field.status'), value: (row) => statusText(row.status) },
      { header: t('field.createTime'), value: (row) => row.createTime },
    ];
    setExporting(true);
    try {
      await exportAll(USER_LIST_PATH, filters, csv, { filename: datedFilename(t('exportName')), sort: list.sort });
    } catch {
      // The toast says it failed.
    } finally {
      setExporting(false);
    }
  }

  const columns = userColumns({
    t,
    sexText,
    statusText,
    onEdit: (user) => setDrawer({ open: true, user }),
    onResetPassword: setResetting,
    onFreeze: (user, status) => askFreeze([user], status),
    onDelete: askDelete,
  });

  const set = (key: keyof UserFilters) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setDraft((current) => ({ ...current, [key]: value }));
  };

  return (
    <Stack gap="4" data-testid="user-list-page">
      <SearchBar
        onSearch={() => setFilters({ ...draft })}
        onReset={() => {
          setDraft(EMPTY_FILTERS);
          setFilters(EMPTY_FILTERS);
        }}
        loading={list.loading}
      >
        <Field.Root>
          <Field.Label>{t('field.username')}</Field.Label>
          <Input size="sm" value={draft.username} onChange={set('username')} placeholder={t('placeholder.username')} data-testid="filter-username" />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('field.realname')}</Field.Label>
          <Input size="sm" value={draft.realname} onChange={set('realname')} placeholder={t('placeholder.realname')} />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('field.phone')}</Field.Label>
          <Input size="sm" type="tel" value={draft.phone} onChange={set('phone')} placeholder={t('placeholder.phone')} />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('field.status')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={draft.status} onChange={set('status')} data-testid="filter-status">
              <option value="">{t('placeholder.all')}</option>
              <option value="1">{t('status.1')}</option>
              <option value="2">{t('status.2')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('field.departs')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={draft.departId} onChange={set('departId')} data-testid="filter-depart">
              <option value="">{t('placeholder.allDeparts')}</option>
              {departOptions.map((depart) => (
                <option key={depart.id} value={depart.id}>
                  {`${'\u00A0\u00A0'.repeat(depart.depth)}${depart.name}`}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SearchBar>

      <Card.Root size="sm">
        <Card.Header>
          <Flex gap="3" wrap="wrap" align="center" justify="space-between">
            <Heading size="md">{t('list.title')}</Heading>
            <Wrap gap="2">
              <Authorized action="system:user:add">
                <Button size="sm" onClick={() => setDrawer({ open: true })} data-testid="user-add">
                  <PlusIcon />
                  {t('action.add')}
                </Button>
              </Authorized>
              <Authorized action="system:user:freeze">
                <Button size="sm" variant="outline" onClick={() => batch(2)} data-testid="user-batch-freeze">
                  {t('action.batchFreeze')}
                </Button>
              </Authorized>
              <Authorized action="system:user:freeze">
                <Button size="sm" variant="outline" onClick={() => batch(1)} data-testid="user-batch-unfreeze">
                  {t('action.batchUnfreeze')}
                </Button>
              </Authorized>
              <Authorized action="system:user:delete">
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => batch('delete')} data-testid="user-batch-delete">
                  {t('action.batchDelete')}
                </Button>
              </Authorized>
              <Button size="sm" variant="outline" loading={exporting} onClick={() => void exportUsers()} data-testid="user-export">
                <DownloadIcon />
                {t('action.export')}
              </Button>
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
            onSelectionChange={canFreeze || canDelete ? list.setSelection : undefined}
            caption={t('list.caption')}
            testId="user-table"
          />
        </Card.Body>
      </Card.Root>

      <UserFormDrawer
        open={drawer.open}
        user={drawer.user}
        onOpenChange={(open) => setDrawer((current) => ({ ...current, open }))}
        onSaved={() => void list.refetch()}
      />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(undefined)} />
      {dialog}
    </Stack>
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
    {
      id: 'orgCodeTxt',
      header: t('field.orgCodeTxt'),
      hideBelow: 'md',
      cell: (row) => (
        <Text truncate maxWidth="48" title={row.orgCodeTxt ?? undefined}>
          {row.orgCodeTxt || '—'}
        </Text>
      ),
    },
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
    { id: 'createTime', header: t('field.createTime'), sortable: true, hideBelow: 'lg', cell: (row) => <Text whiteSpace="nowrap">{row.createTime || '—'}</Text> },
    {
      id: 'actions',
      header: t('action.actions', { ns: 'dataTable' }),
      sticky: true,
      cell: (row) => {
        const frozen = row.status === 2;
        return (
          <HStack gap="0.5">
            <Authorized action="system:user:edit">
              <IconButton size="xs" variant="ghost" aria-label={t('action.edit')} title={t('action.edit')} onClick={() => onEdit(row)} data-testid="user-edit">
                <PencilIcon />
              </IconButton>
            </Authorized>
            <Authorized action="system:user:resetPassword">
              <IconButton size="xs" variant="ghost" aria-label={t('action.resetPassword')} title={t('action.resetPassword')} onClick={() => onResetPassword(row)} data-testid="user-reset-password">
                <KeyIcon />
              </IconButton>
            </Authorized>
            <Authorized action="system:user:freeze">
              <IconButton
                size="xs"
                variant="ghost"
                colorPalette={frozen ? 'green' : 'orange'}
                aria-label={frozen ? t('action.unfreeze') : t('action.freeze')}
                title={frozen ? t('action.unfreeze') : t('action.freeze')}
                onClick={() => onFreeze(row, frozen ? 1 : 2)}
                data-testid={frozen ? 'user-unfreeze' : 'user-freeze'}
              >
                {frozen ? <UnlockIcon /> : <LockIcon />}
              </IconButton>
            </Authorized>
            <Authorized action="system:user:delete">
              <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t('action.delete')} title={t('action.delete')} onClick={() => onDelete(row)} data-testid="user-delete">
                <TrashIcon />
              </IconButton>
            </Authorized>
          </HStack>
        );
      },
    },
  ];
}
