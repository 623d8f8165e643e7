/**
 * The stock log (append-only; customers their own, staff the tenant's): every change of a SKU's
 * stock at a location, signed, with the pieces there after it, its kind (in, out, move, adjust),
 * an adjustment's reason, the document that caused it (a forecast, an order) and who made it.
 * Searched by SKU, location or document number, kind, reason and days; the server's xlsx export.
 */
import { Badge, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/DataTable';
import { createTimeColumn, CrudListPage, FilterSelect, FilterText, labelled, monoColumn, useCrudList } from '../../components/list';
import { ADJUST_REASONS, MOVE_KINDS, STOCK_LOG_EXPORT_PATH, STOCK_LOG_LIST_PATH, STOCK_LOG_PERMISSION, type WmsStockLogRecord } from './api';

const EMPTY = { keyWord: '', kind: '', reason: '', createTime_begin: '', createTime_end: '' };
type Filters = typeof EMPTY;

const KIND_COLORS: Record<string, string> = { in: 'green', out: 'blue', move: 'purple', adjust: 'orange' };

function logColumns(t: TFunction<'wmsStock'>): DataColumn<WmsStockLogRecord>[] {
  return [
    createTimeColumn(t('field.time'), undefined),
    monoColumn<WmsStockLogRecord>('skuCode', t('field.sku'), (row) => row.skuCode, { sortable: true, strong: true }),
    monoColumn<WmsStockLogRecord>('locationCode', t('field.location'), (row) => row.locationCode, { sortable: true }),
    { id: 'kind', header: t('field.kind'), sortable: true, cell: (row) => <Badge size="sm" variant="subtle" colorPalette={KIND_COLORS[row.kind] ?? 'gray'}>{t(`kind.${row.kind}`, { defaultValue: row.kind })}</Badge> },
    {
      id: 'quantity',
      header: t('field.change'),
      textAlign: 'end',
      cell: (row) => (
        <Text as="span" fontVariantNumeric="tabular-nums" color={row.quantity < 0 ? 'fg.error' : 'fg.success'}>
          {row.quantity > 0 ? `+${row.quantity}` : row.quantity}
        </Text>
      ),
    },
    { id: 'balance', header: t('field.balance'), textAlign: 'end', hideBelow: 'sm', cell: (row) => <Text as="span" fontVariantNumeric="tabular-nums">{row.balance}</Text> },
    { id: 'reason', header: t('field.reason'), hideBelow: 'md', cell: (row) => (row.reason ? t(`reason.${row.reason}`, { defaultValue: row.reason }) : '—') },
    monoColumn<WmsStockLogRecord>('refNo', t('field.refNo'), (row) => row.refNo, { hideBelow: 'md', size: 'xs' }),
    { id: 'createBy', header: t('field.operator'), hideBelow: 'lg', cell: (row) => row.createBy || '—' },
    { id: 'remark', header: t('field.remark'), hideBelow: 'xl', cell: (row) => row.remark || '—' },
  ];
}

export default function StockLogListPage() {
  const { t } = useTranslation('wmsStock');
  const crud = useCrudList<WmsStockLogRecord, Filters>(STOCK_LOG_LIST_PATH, {
    name: 'stock-log',
    permission: STOCK_LOG_PERMISSION,
    ns: 'wmsStock',
    emptyFilters: EMPTY,
    describe: (row) => `${row.skuCode} @ ${row.locationCode}`,
    exportPath: STOCK_LOG_EXPORT_PATH,
  });
  return (
    <CrudListPage
      crud={crud}
      title={t('log.title')}
      columns={logColumns(t)}
      filters={
        <>
          <FilterText page={crud} name="keyWord" label={t('filter.keyWord')} placeholder={t('log.keyWordPlaceholder')} fontFamily="mono" testId="stock-log-search-keyword" />
          <FilterSelect page={crud} name="kind" label={t('field.kind')} options={labelled(MOVE_KINDS, (value) => t(`kind.${value}`))} allLabel={t('filter.all')} testId="stock-log-search-kind" />
          <FilterSelect page={crud} name="reason" label={t('field.reason')} options={labelled(ADJUST_REASONS, (value) => t(`reason.${value}`))} allLabel={t('filter.all')} testId="stock-log-search-reason" />
          <FilterText page={crud} name="createTime_begin" label={t('filter.from')} type="date" max={crud.draft.createTime_end || undefined} testId="stock-log-search-from" />
          <FilterText page={crud} name="createTime_end" label={t('filter.to')} type="date" min={crud.draft.createTime_begin || undefined} testId="stock-log-search-to" />
        </>
      }
      toolbar={{ exportAction: `${STOCK_LOG_PERMISSION}:export` }}
    />
  );
}
