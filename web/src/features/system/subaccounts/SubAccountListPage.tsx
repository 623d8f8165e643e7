/**
 * `account/SubAccountList` (子账号 Sub-accounts, a customer's main account): the sub-accounts,
 * add/edit drawer with the grantable permissions, freeze/unfreeze and delete (contract "Sub-accounts").
 */
import { Badge, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ConfirmDialog';
import type { DataColumn } from '../../../components/DataTable';
import { LockIcon, UnlockIcon } from '../../../components/icons';
import { actionsColumn, createTimeColumn, FilterSelect, FilterText, labelled, ListPage, ListSearchBar, ListSubtitle, ListTable, ListToolbar, useDeleteRecords, useListCommand, useListPage } from '../../../components/list';
import { SubAccountFormDrawer } from './SubAccountFormDrawer';
import { deleteSubAccount, freezeSubAccounts, SUB_ACCOUNT_LIST_PATH, type SubAccountRecord } from './api';

/** The filters (in the URL) and their empty values. */
const EMPTY_FILTERS = { username: '', realname: '', phone: '', status: '' };
type Filters = typeof EMPTY_FILTERS;
const nameOf = (account: SubAccountRecord) => account.realname || account.username;

export default function SubAccountListPage() {
  const { t } = useTranslation('subAccount');
  const page = useListPage<SubAccountRecord, Filters>(SUB_ACCOUNT_LIST_PATH, { emptyFilters: EMPTY_FILTERS, defaultSort: { column: 'createTime', order: 'desc' } });
  const { list } = page;
  const { confirm, dialog } = useConfirm();
  const run = useListCommand(list);
  const [drawer, setDrawer] = useState<{ open: boolean; account?: SubAccountRecord }>({ open: false });

  function askFreeze(account: SubAccountRecord, status: 1 | 2) {
    const freezing = status === 2;
    confirm({
      title: freezing ? t('confirm.freezeTitle') : t('confirm.unfreezeTitle'),
      description: t(freezing ? 'confirm.freezeDescription' : 'confirm.unfreezeDescription', { name: nameOf(account) }),
      colorPalette: freezing ? 'orange' : undefined,
      confirmLabel: freezing ? t('action.freeze') : t('action.unfreeze'),
      onConfirm: () => run(freezeSubAccounts([account.id], status)),
    });
  }

  const remover = useDeleteRecords<SubAccountRecord>({
    list,
    confirm,
    removeOne: (account) => deleteSubAccount(account.id),
    title: t('confirm.deleteTitle', { ns: 'dataTable' }),
    describe: (account) => t('confirm.deleteDescription', { name: nameOf(account) }),
    confirmLabel: t('action.delete'),
  });

  const columns = subAccountColumns({ t, onEdit: (account) => setDrawer({ open: true, account }), onFreeze: askFreeze, onDelete: remover.askDelete });

  return (
    <ListPage
      testId="sub-account-page"
      search={
        <ListSearchBar page={page}>
          <FilterText page={page} name="username" label={t('field.username')} placeholder={t('placeholder.username')} />
          <FilterText page={page} name="realname" label={t('field.realname')} placeholder={t('placeholder.realname')} />
          <FilterText page={page} name="phone" type="tel" label={t('field.phone')} placeholder={t('placeholder.phone')} />
          <FilterSelect page={page} name="status" label={t('field.status')} options={labelled(['1', '2'], (status) => t(`status.${status}`))} allLabel={t('placeholder.all')} />
        </ListSearchBar>
      }
      title={t('list.title')}
      subtitle={<ListSubtitle>{t('list.description')}</ListSubtitle>}
      toolbar={<ListToolbar testIdPrefix="sub" add={{ action: 'erp:user:sub:add', label: t('action.add'), onClick: () => setDrawer({ open: true }) }} onRefresh={list.refetch} />}
      dialogs={
        <>
          <SubAccountFormDrawer open={drawer.open} account={drawer.account} onOpenChange={(open) => setDrawer((current) => ({ ...current, open }))} onSaved={() => void list.refetch()} />
          {dialog}
        </>
      }
    >
      <ListTable list={list} columns={columns} caption={t('list.title')} testId="sub-account-table" />
    </ListPage>
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
    createTimeColumn<SubAccountRecord>(t('field.createTime'), 'lg'),
    actionsColumn<SubAccountRecord>('icon', (row) => {
      const frozen = row.status === 2;
      return [
        { kind: 'edit', action: 'erp:user:sub:edit', onClick: () => onEdit(row), testId: 'sub-edit' },
        {
          action: 'erp:user:sub:freeze',
          label: frozen ? t('action.unfreeze') : t('action.freeze'),
          icon: frozen ? <UnlockIcon /> : <LockIcon />,
          colorPalette: frozen ? 'green' : 'orange',
          onClick: () => onFreeze(row, frozen ? 1 : 2),
          testId: frozen ? 'sub-unfreeze' : 'sub-freeze',
        },
        { kind: 'delete', action: 'erp:user:sub:delete', onClick: () => onDelete(row), testId: 'sub-delete' },
      ];
    }),
  ];
}
