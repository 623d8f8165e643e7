/**
 * Returns (reverse logistics), for customers and staff alike (each sees what the server lets them:
 * a customer its own, staff their tenant's): searched by return, order or tracking number, status,
 * reason, decision and the days opened; paging, sort and the server's xlsx export
 * (`reverse:return:export`). "New return" (`reverse:return:add`) opens one for an order or a
 * parcel; a row opens the return's drawer, where it is handled.
 */
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/DataTable';
import { ParcelIcon } from '../../components/icons';
import { LinkButton } from '../../components/LinkButton';
import { createTimeColumn, CrudListPage, FilterSelect, FilterText, labelled, ListEmpty, ListSubtitle, monoColumn, TwoLines, useCrudList } from '../../components/list';
import { EXPORT_PERMISSION, RETURN_DECISIONS, RETURN_EXPORT_PATH, RETURN_LIST_PATH, RETURN_PERMISSION, RETURN_REASONS, RETURN_STATUSES, type ReturnRecord } from './api';
import type { ReturnSide } from '../../core';
import { useViewerSide } from './hooks';
import { ReturnDetailDrawer } from './ReturnDetailDrawer';
import { ReturnFormDialog } from './ReturnFormDialog';
import { ConditionTag, DecisionTag, ReasonTag, ReturnStatusTag } from './ReturnTags';

/** The filters (in the URL) and their empty values; the days are `YYYY-MM-DD`. */
const EMPTY = { keyWord: '', status: '', reason: '', decision: '', createTime_begin: '', createTime_end: '' };
type Filters = typeof EMPTY;

function returnColumns(t: TFunction<'returns'>, side: ReturnSide, onOpen: (row: ReturnRecord) => void): DataColumn<ReturnRecord>[] {
  return [
    {
      id: 'returnNo',
      header: t('field.returnNo'),
      sortable: true,
      cell: (row) => (
        <LinkButton fontFamily="mono" fontWeight="medium" onClick={() => onOpen(row)} aria-label={t('action.openLabel', { returnNo: row.returnNo })} data-testid="return-open">
          {row.returnNo}
        </LinkButton>
      ),
    },
    { id: 'serialNumber', header: t('field.serialNumber'), sortable: true, cell: (row) => <TwoLines mono first={row.serialNumber} second={row.parcelNo ?? undefined} /> },
    ...(side === 'staff' ? [{ id: 'customerUsername', header: t('field.customer'), hideBelow: 'md' as const, cell: (row: ReturnRecord) => row.customerUsername || '—' }] : []),
    { id: 'reason', header: t('field.reason'), hideBelow: 'sm', cell: (row) => <ReasonTag value={row.reason} /> },
    { id: 'status', header: t('field.status'), sortable: true, cell: (row) => <ReturnStatusTag value={row.status} /> },
    { id: 'decision', header: t('field.decision'), hideBelow: 'md', cell: (row) => <DecisionTag value={row.decision} /> },
    { id: 'condition', header: t('field.condition'), hideBelow: 'lg', cell: (row) => <ConditionTag value={row.condition} /> },
    monoColumn<ReturnRecord>('returnTrackNo', t('field.returnTrackNo'), (row) => row.returnTrackNo, { hideBelow: 'xl', size: 'xs' }),
    monoColumn<ReturnRecord>('reshipSerialNumber', t('field.reship'), (row) => row.reshipSerialNumber, { hideBelow: 'xl', size: 'xs' }),
    createTimeColumn(t('field.createTime')),
  ];
}

export default function ReturnListPage() {
  const { t } = useTranslation('returns');
  const side = useViewerSide();
  const [opened, setOpened] = useState<string>();
  const crud = useCrudList<ReturnRecord, Filters>(RETURN_LIST_PATH, {
    name: 'return',
    permission: RETURN_PERMISSION,
    ns: 'returns',
    emptyFilters: EMPTY,
    describe: (row) => row.returnNo,
    exportPath: RETURN_EXPORT_PATH,
  });
  const filtered = Object.values(crud.filters).some((value) => value !== '');
  const open = (row: ReturnRecord) => setOpened(row.id);
  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      subtitle={<ListSubtitle>{side === 'staff' ? t('subtitleStaff') : t('subtitle')}</ListSubtitle>}
      columns={returnColumns(t, side, open)}
      filters={
        <>
          <FilterText page={crud} name="keyWord" label={t('filter.keyWord')} placeholder={t('filter.keyWordPlaceholder')} fontFamily="mono" testId="return-search-keyword" />
          <FilterSelect page={crud} name="status" label={t('field.status')} options={labelled(RETURN_STATUSES, (value) => t(`status.${value}`))} allLabel={t('filter.all')} testId="return-search-status" />
          <FilterSelect page={crud} name="reason" label={t('field.reason')} options={labelled(RETURN_REASONS, (value) => t(`reason.${value}`))} allLabel={t('filter.all')} testId="return-search-reason" />
          <FilterSelect page={crud} name="decision" label={t('field.decision')} options={labelled(RETURN_DECISIONS, (value) => t(`decision.${value}`))} allLabel={t('filter.all')} testId="return-search-decision" />
          <FilterText page={crud} name="createTime_begin" label={t('filter.from')} type="date" max={crud.draft.createTime_end || undefined} testId="return-search-from" />
          <FilterText page={crud} name="createTime_end" label={t('filter.to')} type="date" min={crud.draft.createTime_begin || undefined} testId="return-search-to" />
        </>
      }
      toolbar={{ exportAction: EXPORT_PERMISSION }}
      table={{
        onRowClick: open,
        emptyState: filtered ? undefined : <ListEmpty icon={<ParcelIcon />} title={t('empty')} description={t('emptyDescription')} testId="return-empty" />,
      }}
      dialogs={
        <>
          <ReturnFormDialog {...crud.form.dialog} onCreated={(created) => (created?.id ? setOpened(created.id) : undefined)} />
          <ReturnDetailDrawer id={opened} onClose={() => setOpened(undefined)} />
        </>
      }
    />
  );
}
