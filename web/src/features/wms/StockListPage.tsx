/**
 * Stock per SKU and location (customers their own, staff the tenant's): searched by SKU or
 * location code (a scanner types into the search), one SKU or location; on hand, allocated to
 * orders and free; paging, sort and the server's xlsx export. Staff move stock from here: goods
 * in, a row's pieces out, to another location (putaway) or adjusted after a count; and check
 * that the stock log sums to the stock.
 */
import { Badge, Button, HStack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../components/Authorized';
import type { DataColumn } from '../../components/DataTable';
import { ActivityIcon, InboxIcon, PlusIcon } from '../../components/icons';
import { showNotice } from '../../api/client';
import { actionsColumn, CrudListPage, FilterSelect, FilterText, ListEmpty, monoColumn, timeColumn, toastSuccess, TwoLines, useCrudList } from '../../components/list';
import { MOVE_PERMISSION, reconcileStock, STOCK_EXPORT_PATH, STOCK_LIST_PATH, STOCK_PERMISSION, type WmsStockRecord } from './api';
import { MoveStockDialog } from './MoveStockDialog';

/** The list opens on the rows holding pieces; emptied rows (kept: their log names them) on demand. */
const EMPTY = { keyWord: '', inStock: 'true' };
type Filters = typeof EMPTY;

const count = (n: number) => <Text as="span" fontVariantNumeric="tabular-nums">{n}</Text>;

function stockColumns(t: TFunction<'wmsStock'>, onMove: (row: WmsStockRecord) => void): DataColumn<WmsStockRecord>[] {
  return [
    monoColumn<WmsStockRecord>('skuCode', t('field.sku'), (row) => row.skuCode, { sortable: true, strong: true }),
    { id: 'name', header: t('field.name'), minWidth: '140px', hideBelow: 'sm', cell: (row) => <TwoLines first={row.nameEn ?? ''} second={row.nameZh ?? undefined} /> },
    monoColumn<WmsStockRecord>('locationCode', t('field.location'), (row) => row.locationCode, { sortable: true }),
    { id: 'quantity', header: t('field.quantity'), sortable: true, textAlign: 'end', cell: (row) => count(row.quantity) },
    { id: 'allocated', header: t('field.allocated'), sortable: true, textAlign: 'end', hideBelow: 'md', cell: (row) => count(row.allocated) },
    {
      id: 'available',
      header: t('field.available'),
      textAlign: 'end',
      cell: (row) => (row.available > 0 ? count(row.available) : <Badge size="sm" variant="subtle" colorPalette="gray">{t('empty.none')}</Badge>),
    },
    timeColumn<WmsStockRecord>('updateTime', t('field.updateTime'), (row) => row.updateTime ?? row.createTime, { hideBelow: 'lg', sortable: true }),
    actionsColumn<WmsStockRecord>('text', (row) => [{ label: t('action.move'), onClick: () => onMove(row), action: MOVE_PERMISSION, testId: 'stock-move', title: t('action.moveOf', { sku: row.skuCode, location: row.locationCode }) }]),
  ];
}

export default function StockListPage() {
  const { t } = useTranslation('wmsStock');
  const [moving, setMoving] = useState<{ record?: WmsStockRecord }>();
  const [checking, setChecking] = useState(false);
  const crud = useCrudList<WmsStockRecord, Filters>(STOCK_LIST_PATH, {
    name: 'stock',
    permission: STOCK_PERMISSION,
    ns: 'wmsStock',
    emptyFilters: EMPTY,
    defaultSort: { column: 'skuCode', order: 'asc' },
    describe: (row) => `${row.skuCode} @ ${row.locationCode}`,
    exportPath: STOCK_EXPORT_PATH,
  });
  const reconcile = async () => {
    setChecking(true);
    try {
      const report = (await reconcileStock()).result;
      if (report.balanced) toastSuccess(t('reconcile.balanced'), t('reconcile.balancedDescription', { rows: report.stockRows, locations: report.locations }));
      else showNotice(t('reconcile.broken', { count: report.mismatches.length, first: `${report.mismatches[0]?.code ?? ''}` }));
    } finally {
      setChecking(false);
    }
  };
  const filtered = crud.filters.keyWord !== '';
  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      columns={stockColumns(t, (record) => setMoving({ record }))}
      filters={
        <>
          <FilterText page={crud} name="keyWord" label={t('filter.keyWord')} placeholder={t('filter.keyWordPlaceholder')} fontFamily="mono" testId="stock-search-keyword" />
          <FilterSelect page={crud} name="inStock" label={t('filter.inStock')} options={[{ value: 'true', label: t('filter.held') }, { value: 'false', label: t('filter.emptied') }]} allLabel={t('filter.all')} testId="stock-search-in-stock" />
        </>
      }
      toolbar={{
        add: undefined,
        exportAction: `${STOCK_PERMISSION}:export`,
        leading: (
          <Authorized action={MOVE_PERMISSION}>
            <HStack gap="2">
              <Button size="sm" onClick={() => setMoving({})} data-testid="stock-in">
                <PlusIcon />
                {t('action.in')}
              </Button>
              <Button size="sm" variant="outline" loading={checking} onClick={() => void reconcile()} data-testid="stock-reconcile">
                <ActivityIcon />
                {t('action.reconcile')}
              </Button>
            </HStack>
          </Authorized>
        ),
      }}
      table={{ emptyState: filtered ? undefined : <ListEmpty icon={<InboxIcon />} title={t('empty.title')} description={t('empty.description')} testId="stock-empty" /> }}
      dialogs={<MoveStockDialog open={moving !== undefined} onOpenChange={(open) => (open ? undefined : setMoving(undefined))} record={moving?.record} />}
    />
  );
}
