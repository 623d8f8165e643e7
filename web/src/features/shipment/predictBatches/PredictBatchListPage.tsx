/**
 * A customer's predict batches (staff see the tenant's): search by number or remark and status,
 * paging, sort, add, and edit or delete while a batch is open; a selection is handed over to the
 * warehouse or reopened, each first checked by core (a selection holding batches the action does
 * not apply to is refused naming them, before anything is sent), then confirmed. The server's xlsx export.
 */
import { Badge, Button, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../api/client';
import { Authorized } from '../../../components/Authorized';
import { useConfirm } from '../../../components/ConfirmDialog';
import type { DataColumn } from '../../../components/DataTable';
import { isOneOf } from '../../../components/form/options';
import { actionsColumn, createTimeColumn, CrudListPage, editDeleteActions, FilterSelect, FilterText, labelled, monoColumn, timeColumn, toastSuccess, truncatedColumn, useCrudList, useInvalidateList, type CrudList } from '../../../components/list';
import { BATCH_STATUSES } from '../../../core';
import { allows, BATCH_EXPORT_PATH, BATCH_LIST_PATH, BATCH_PERMISSION, deleteBatches, MOVES, moveBatches, selectionIssue, type BatchMove, type PredictBatchRecord } from './api';
import { PredictBatchFormDialog } from './PredictBatchFormDialog';

/** The filters (in the URL) and their empty values. */
const EMPTY = { keyWord: '', status: '' };
type Filters = typeof EMPTY;

type T = TFunction<'predictBatch'>;

const STATUS_COLORS: Record<string, string> = { open: 'blue', handed: 'orange', received: 'green' };

/** A batch's status as a coloured tag, in the user's language. */
function BatchStatusTag({ status }: { status: string }) {
  const { t } = useTranslation('predictBatch');
  return (
    <Badge size="sm" variant="subtle" colorPalette={STATUS_COLORS[status] ?? 'gray'} data-testid="predict-batch-status">
      {isOneOf(BATCH_STATUSES, status) ? t(`status.${status}`) : status}
    </Badge>
  );
}

/** How many batches are selected (nothing while none is; always there, so the table keeps its place in the page). */
function SelectedCount({ count }: { count: number }) {
  const { t } = useTranslation('predictBatch');
  return count > 0 ? (
    <Text textStyle="xs" color="fg.muted" data-testid="predict-batch-selected">
      {t('selectedCount', { count })}
    </Text>
  ) : null;
}

function batchColumns(t: T, crud: CrudList<PredictBatchRecord, Filters>): DataColumn<PredictBatchRecord>[] {
  return [
    monoColumn<PredictBatchRecord>('batchNo', t('field.batchNo'), (row) => row.batchNo, { sortable: true, strong: true }),
    { id: 'status', header: t('field.status'), sortable: true, cell: (row) => <BatchStatusTag status={row.status} /> },
    timeColumn<PredictBatchRecord>('expectTime', t('field.expectTime'), (row) => row.expectTime, { sortable: true, hideBelow: 'sm' }),
    { id: 'orderCount', header: t('field.orderCount'), textAlign: 'end' },
    { id: 'pieces', header: t('field.pieces'), textAlign: 'end', hideBelow: 'sm' },
    truncatedColumn<PredictBatchRecord>('remark', t('field.remark'), (row) => row.remark, '48', { hideBelow: 'lg' }),
    createTimeColumn(t('field.createTime')),
    // Edit and delete while core allows them (an open batch).
    actionsColumn<PredictBatchRecord>('text', (row) =>
      editDeleteActions(row, { ...crud.actions, onEdit: allows(row, 'edit') ? crud.actions.onEdit : undefined, onDelete: allows(row, 'delete') ? crud.actions.onDelete : undefined }),
    ),
  ];
}

export default function PredictBatchListPage() {
  const { t } = useTranslation('predictBatch');
  const { confirm, dialog } = useConfirm();
  const invalidate = useInvalidateList(BATCH_LIST_PATH);
  const crud = useCrudList<PredictBatchRecord, Filters>(BATCH_LIST_PATH, {
    name: 'predict-batch',
    permission: BATCH_PERMISSION,
    ns: 'predictBatch',
    emptyFilters: EMPTY,
    remove: deleteBatches,
    describe: (record) => t('delete.description', { name: record.batchNo }),
    exportPath: BATCH_EXPORT_PATH,
  });
  // In the table's order, however they were ticked.
  const ticked = new Set(crud.list.selection);
  const selected = crud.list.rows.filter((row) => ticked.has(row.id));

  /** Hands over or reopens the selection: refused at once when core says some cannot take it, else confirmed and sent. */
  function move(action: BatchMove) {
    const issue = selectionIssue(selected, action);
    if (issue) {
      showNotice(issue);
      return;
    }
    const ids = selected.map((row) => row.id);
    const count = ids.length;
    confirm({
      title: t(`confirm.${action}Title`, { count }),
      description: t(`confirm.${action}Description`, { names: selected.map((row) => row.batchNo).join(', ') }),
      confirmLabel: t(`action.${action}`),
      colorPalette: action === 'handOver' ? 'blue' : 'orange',
      testId: `predict-batch-${action}-confirm`,
      onConfirm: async () => {
        await moveBatches(action, ids);
        toastSuccess(t(`toast.${action}`, { count }));
        crud.list.clearSelection();
        await invalidate();
      },
    });
  }

  /** Deletes the selection, unless core says some of it cannot go (not open). */
  function batchDelete() {
    const issue = selected.length > 0 ? selectionIssue(selected, 'delete') : undefined;
    if (issue) showNotice(issue);
    else crud.remover.askBatchDelete();
  }

  return (
    <CrudListPage
      crud={crud}
      columns={batchColumns(t, crud)}
      filters={
        <>
          <FilterText page={crud} name="keyWord" label={t('filter.keyWord')} placeholder={t('filter.keyWordPlaceholder')} testId="predict-batch-search-keyword" />
          <FilterSelect page={crud} name="status" label={t('filter.status')} options={labelled(BATCH_STATUSES, (status) => t(`status.${status}`))} allLabel={t('filter.all')} testId="predict-batch-search-status" />
        </>
      }
      toolbar={{
        batchDelete: crud.canBatchDelete ? { action: `${BATCH_PERMISSION}:delete`, onClick: batchDelete } : undefined,
        leading: MOVES.map((action) => (
          <Authorized key={action} action={`${BATCH_PERMISSION}:${action}`}>
            <Button size="sm" variant="outline" disabled={selected.length === 0} onClick={() => move(action)} data-testid={`predict-batch-${action}`}>
              {t(`action.${action}`)}
            </Button>
          </Authorized>
        )),
      }}
      table={{ selectable: true }}
      above={<SelectedCount count={selected.length} />}
      dialogs={
        <>
          <PredictBatchFormDialog {...crud.form.dialog} />
          {dialog}
        </>
      }
    />
  );
}
