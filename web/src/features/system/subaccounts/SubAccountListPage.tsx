/**
 * `account/SubAccountList` (子账号 Sub-accounts, a customer's main account): the sub-accounts,
 * add/edit drawer with the grantable permissions, freeze/unfreeze and delete (contract "Sub-accounts").
 */
import { Badge, Button, Card, Field, Flex, Heading, HStack, IconButton, Input, NativeSelect, Stack, Text, Wrap } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '../../../api/client';
import { Authorized } from '../../../components/Authorized';
import { useConfirm } from '../../../components/ConfirmDialog';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { LockIcon, PencilIcon, PlusIcon, RefreshIcon, TrashIcon, UnlockIcon } from '../../../components/icons';
import { SearchBar } from '../../../components/SearchBar';
import { toaster } from '../../../components/ui/toaster';
import { useServerList } from '../../../hooks/useServerList';
import { SubAccountFormDrawer } from './SubAccountFormDrawer';
import { deleteSubAccount, freezeSubAccounts, SUB_ACCOUNT_LIST_PATH, type SubAccountRecord } from './api';

interface Filters {
  username: string;
  realname: string;
  phone: string;
  status: string;
  [key: string]: string;
}

const EMPTY_FILTERS: Filters = { username: '', realname: '', phone: '', status: '' };
const nameOf = (account: SubAccountRecord) => account.realname || account.username;

export default function SubAccountListPage() {
  const { t } = useTranslation('subAccount');
  const [draft, setDraft] = useState<Filters>(EMPTY_FILTERS);
  const [filters, setFilters] = useState<Filters>(EMPTY_FILTERS);
  const list = useServerList<SubAccountRecord>(SUB_ACCOUNT_LIST_PATH, filters, { defaultSort: { column: 'createTime', order: 'desc' } });
  const { confirm, dialog } = useConfirm();
  const [drawer, setDrawer] = useState<{ open: boolean; account?: SubAccountRecord }>({ open: false });

  async function succeed(action: Promise<Envelope<unknown>>) {
    const envelope = await action;
    toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
    await list.refetch();
  }

  function askFreeze(account: SubAccountRecord, status: 1 | 2) {
    const freezing = status === 2;
    confirm({
      title: freezing ? t('confirm.freezeTitle') : t('confirm.unfreezeTitle'),
      description: t(freezing ? 'confirm.freezeDescription' : 'confirm.unfreezeDescription', { name: nameOf(account) }),
      colorPalette: freezing ? 'orange' : undefined,
      confirmLabel: freezing ? t('action.freeze') : t('action.unfreeze'),
      onConfirm: () => succeed(freezeSubAccounts([account.id], status)),
    });
  }

  function askDelete(account: SubAccountRecord) {
    confirm({
      title: t('confirm.deleteTitle', { ns: 'dataTable' }),
      description: t('confirm.deleteDescription', { name: nameOf(account) }),
      confirmLabel: t('action.delete'),
      onConfirm: () => succeed(deleteSubAccount(account.id)),
    });
  }

  const columns = subAccountColumns({ t, onEdit: (account) => setDrawer({ open: true, account }), onFreeze: askFreeze, onDelete: askDelete });
  const set = (key: keyof Filters) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setDraft((current) => ({ ...current, [key]: value }));
  };

  return (
    <Stack gap="4" data-testid="sub-account-page">
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
          <Input size="sm" value={draft.username} onChange={set('username')} placeholder={t('placeholder.username')} />
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
            <NativeSelect.Field value={draft.status} onChange={set('status')}>
              <option value="">{t('placeholder.all')}</option>
              <option value="1">{t('status.1')}</option>
              <option value="2">{t('status.2')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SearchBar>

      <Card.Root size="sm">
        <Card.Header>
          <Flex gap="3" wrap="wrap" align="center" justify="space-between">
            <Stack gap="0.5">
              <Heading size="md">{t('list.title')}</Heading>
              <Text textStyle="sm" color="fg.muted">
                {t('list.description')}
              </Text>
            </Stack>
            <Wrap gap="2">
              <Authorized action="erp:user:sub:add">
                <Button size="sm" onClick={() => setDrawer({ open: true })} data-testid="sub-add">
                  <PlusIcon />
                  {t('action.add')}
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
            caption={t('list.title')}
            testId="sub-account-table"
          />
        </Card.Body>
      </Card.Root>

      <SubAccountFormDrawer
        open={drawer.open}
        account={drawer.account}
        onOpenChange={(open) => setDrawer((current) => ({ ...current, open }))}
        onSaved={() => void list.refetch()}
      />
      {dialog}
    </Stack>
  );
}

interface ColumnContext {
  t: TFunction<'subAccount'>;
  onEdit: (account: SubAccountRecord) => void;
  onFreeze: (account: SubAccountRecord, status: 1 | 2) => void;
  onDelete: (account: SubAccountRecord) => void;
}

/** The table's columns (outside the page so cells are not components declared in render). */
function subAccountColumns({ t, onEdit, onFreeze, onDelete }: ColumnContext): DataColumn<SubAccountRecord>[] {
  return [
    { id: 'username', header: t('field.username'), sortable: true, cell: (row) => <Text fontWeight="medium">{row.username}</Text> },
    { id: 'realname', header: t('field.realname'), sortable: true },
    { id: 'phone', header: t('field.phone'), cell: (row) => row.phone || '—' },
    { id: 'email', header: t('field.email'), hideBelow: 'md', cell: (row) => row.email || '—' },
    {
      id: 'status',
      header: t('field.status'),
      sortable: true,
      cell: (row) => (
        <Badge colorPalette={row.status === 2 ? 'red' : 'green'} variant="subtle">
          {row.status === 2 ? t('status.2') : t('status.1')}
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
            <Authorized action="erp:user:sub:edit">
              <IconButton size="xs" variant="ghost" aria-label={t('action.edit')} title={t('action.edit')} onClick={() => onEdit(row)} data-testid="sub-edit">
                <PencilIcon />
              </IconButton>
            </Authorized>
            <Authorized action="erp:user:sub:freeze">
              <IconButton
                size="xs"
                variant="ghost"
                colorPalette={frozen ? 'green' : 'orange'}
                aria-label={frozen ? t('action.unfreeze') : t('action.freeze')}
                title={frozen ? t('action.unfreeze') : t('action.freeze')}
                onClick={() => onFreeze(row, frozen ? 1 : 2)}
                data-testid={frozen ? 'sub-unfreeze' : 'sub-freeze'}
              >
                {frozen ? <UnlockIcon /> : <LockIcon />}
              </IconButton>
            </Authorized>
            <Authorized action="erp:user:sub:delete">
              <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t('action.delete')} title={t('action.delete')} onClick={() => onDelete(row)} data-testid="sub-delete">
                <TrashIcon />
              </IconButton>
            </Authorized>
          </HStack>
        );
      },
    },
  ];
}
