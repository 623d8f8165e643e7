/**
 * Out-batches: the batches of packages handed to carriers, newest first: search by number, status
 * and the days created; paging, sort; the server's xlsx export (`logistics:outBatch:export`). A
 * new batch (its number given or left to the server, a channel) opens in the batch drawer, where
 * package numbers are scanned in and the batch is handed over; an open empty batch can be
 * deleted after confirmation.
 */
import { Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/DataTable';
import { TruckIcon } from '../../components/icons';
import { LinkButton } from '../../components/LinkButton';
import { actionsColumn, createTimeColumn, CrudListPage, FilterSelect, FilterText, labelled, ListEmpty, ListSubtitle, timeColumn, truncatedColumn, useCrudList, type RowAction } from '../../components/list';
import { BatchStatusTag, OutBatchDrawer } from './OutBatchDrawer';
import { OutBatchFormDialog } from './OutFormDialogs';
import { deleteOutBatch, OUT_BATCH_EXPORT_PATH, OUT_BATCH_LIST_PATH, OUT_BATCH_PERMISSION, OUT_BATCH_STATUSES, useChannelNames, type OutBatchRecord } from './outboundApi';
import { Kilograms } from './OutPackageList';

/** The filters (in the URL) and their empty values; the days are `YYYY-MM-DD`. */
const EMPTY = { batchNo: '', batchStatus: '', createTime_begin: '', createTime_end: '' };
type Filters = typeof EMPTY;

/** Whether a batch may be deleted: open and empty (the server refuses others with its message). */
const deletable = (row: OutBatchRecord) => row.batchStatus === 'open' && row.packages === 0;

function batchColumns(t: TFunction<'outBatch'>, channelName: (id: string | null | undefined) => string, onOpen: (row: OutBatchRecord) => void, onDelete: (row: OutBatchRecord) => void): DataColumn<OutBatchRecord>[] {
  return [
    {
      id: 'batchNo',
      header: t('field.batchNo'),
      sortable: true,
      cell: (row) => (
        <LinkButton fontFamily="mono" fontWeight="medium" onClick={() => onOpen(row)} aria-label={t('action.openLabel', { batchNo: row.batchNo })} data-testid="out-batch-open">
          {row.batchNo}
        </LinkButton>
      ),
    },
    { id: 'batchStatus', header: t('field.batchStatus'), cell: (row) => <BatchStatusTag status={row.batchStatus} /> },
    { id: 'channelId', header: t('field.channel'), hideBelow: 'lg', cell: (row) => channelName(row.channelId) || '—' },
    { id: 'packages', header: t('field.packages'), textAlign: 'end', cell: (row) => <Text textAlign="end">{row.packages}</Text> },
    { id: 'pieces', header: t('field.pieces'), textAlign: 'end', cell: (row) => <Text textAlign="end">{row.pieces}</Text> },
    { id: 'weight', header: t('field.weight'), textAlign: 'end', cell: (row) => <Kilograms value={row.weight} /> },
    { id: 'handedBy', header: t('field.handedBy'), hideBelow: 'lg', cell: (row) => row.handedBy || '—' },
    timeColumn<OutBatchRecord>('handedTime', t('field.handedTime'), (row) => row.handedTime, { hideBelow: 'md' }),
    truncatedColumn<OutBatchRecord>('remark', t('field.remark'), (row) => row.remark, '40', { hideBelow: 'xl' }),
    createTimeColumn(t('field.createTime')),
    actionsColumn<OutBatchRecord>('text', (row): RowAction[] => [
      { label: t('action.open'), onClick: () => onOpen(row), testId: 'out-batch-packages-open', ariaLabel: t('action.openLabel', { batchNo: row.batchNo }) },
      ...(deletable(row) ? [{ kind: 'delete' as const, action: `${OUT_BATCH_PERMISSION}:delete`, onClick: () => onDelete(row), testId: 'out-batch-delete' }] : []),
    ]),
  ];
}

export default function OutBatchListPage() {
  const { t } = useTranslation('outBatch');
  const channels = useChannelNames();
  const [opened, setOpened] = useState<OutBatchRecord>();
  const crud = useCrudList<OutBatchRecord, Filters>(OUT_BATCH_LIST_PATH, {
    name: 'out-batch',
    permission: OUT_BATCH_PERMISSION,
    ns: 'outBatch',
    emptyFilters: EMPTY,
    removeOne: (row) => deleteOutBatch(row.id),
    describe: (row) => t('delete.description', { name: row.batchNo }),
    exportPath: OUT_BATCH_EXPORT_PATH,
  });
  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      subtitle={<ListSubtitle>{t('subtitle')}</ListSubtitle>}
      columns={batchColumns(t, channels.name, setOpened, crud.actions.onDelete)}
      filters={
        <>
          <FilterText page={crud} name="batchNo" label={t('filter.batchNo')} placeholder={t('filter.batchNoPlaceholder')} fontFamily="mono" transform={(value) => value.toUpperCase()} testId="out-batch-search-no" />
          <FilterSelect page={crud} name="batchStatus" label={t('filter.status')} options={labelled(OUT_BATCH_STATUSES, (status) => t(`status.${status}`))} allLabel={t('filter.all')} testId="out-batch-search-status" />
          <FilterText page={crud} name="createTime_begin" label={t('filter.from')} type="date" max={crud.draft.createTime_end || undefined} testId="out-batch-search-from" />
          <FilterText page={crud} name="createTime_end" label={t('filter.to')} type="date" min={crud.draft.createTime_begin || undefined} testId="out-batch-search-to" />
        </>
      }
      toolbar={{ exportAction: `${OUT_BATCH_PERMISSION}:export` }}
      table={{ emptyState: <ListEmpty icon={<TruckIcon />} title={t('empty')} testId="out-batch-empty" /> }}
      dialogs={
        <>
          <OutBatchFormDialog {...crud.form.dialog} onCreated={(created) => (created ? setOpened(created) : undefined)} />
          <OutBatchDrawer record={opened} onClose={() => setOpened(undefined)} />
        </>
      }
    />
  );
}
