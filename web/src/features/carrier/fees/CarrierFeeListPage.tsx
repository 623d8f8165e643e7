/**
 * `carrier/CarrierFeeList` (承运商费用与毛利 Carrier fees and margins, `/carrier/fee`, staff only),
 * in two tabs (the tab in the URL, `?tab=margins`):
 *
 * - Fees: each order's carrier cost beside what its customer was charged and the margin (green,
 *   or red for a loss) with its rate; search by order numbers pasted in bulk (up to 500), carrier,
 *   customer, channel product, source and the days recorded; paging, sort, enter and correct fees
 *   (`:add`, `:edit`), delete (`:delete`) and the server's xlsx export (`:export`).
 * - Margins: the report by carrier, channel product or customer over a period ({@link MarginReport}).
 */
import { Badge, Field, Input, Stack, Tabs, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useMemo, type ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { DataColumn } from '../../../components/DataTable';
import { isOneOf } from '../../../components/form/options';
import { FileTextIcon, TrendingUpIcon } from '../../../components/icons';
import { CrudListPage, editDeleteColumn, FilterRemote, FilterSelect, FilterText, labelled, ListEmpty, monoColumn, truncatedColumn, TwoLines, useCrudList, type CrudList } from '../../../components/list';
import { showTime } from '../../../lib/utcTime';
import { Money, moneyColumn } from '../../../components/Money';
import { searchCustomers, searchProducts } from '../priceLevels/api';
import { supplierLabel, useSupplierOptions, type SupplierRecord } from '../suppliers/api';
import { CARRIER_FEE_EXPORT_PATH, CARRIER_FEE_EXPORT_PERMISSION, CARRIER_FEE_LIST_PATH, CARRIER_FEE_PERMISSION, deleteCarrierFees, FEE_SOURCES, type CarrierFeeRecord } from './api';
import { CarrierFeeFormDialog } from './CarrierFeeFormDialog';
import { MarginFigure } from './MarginFigure';
import { MarginReport } from './MarginReport';

/** The filters (in the URL) and their empty values; the days are `YYYY-MM-DD`, each a whole day. */
const EMPTY = { serialNumbers: '', supplierId: '', customerId: '', channelProductId: '', source: '', createTime_begin: '', createTime_end: '' };
type Filters = typeof EMPTY;

type T = TFunction<'carrierFee'>;

/** The most order numbers one search takes (the server's limit). */
export const MAX_SERIAL_NUMBERS = 500;

/** The order numbers of a search as the server reads them: split at spaces, line breaks, commas and semicolons, each once. */
export const serialNumbersOf = (text: string) => [...new Set(text.split(/[\s,;，]+/).filter(Boolean))];

const TABS = ['fees', 'margins'] as const;
type Tab = (typeof TABS)[number];

const SOURCE_COLORS = { adapter: 'purple', manual: 'orange' } as const;

function SourceTag({ t, source }: { t: T; source: string }) {
  if (!isOneOf(FEE_SOURCES, source)) return <Text color="fg.muted">{source || '—'}</Text>;
  return (
    <Badge size="sm" variant="subtle" colorPalette={SOURCE_COLORS[source]} title={t(`sourceHint.${source}`)} data-testid="carrier-fee-source">
      {t(`source.${source}`)}
    </Badge>
  );
}

/** What the customer was charged (`—` until charged). */
function Charged({ t, row }: { t: T; row: CarrierFeeRecord }) {
  if (!row.charged) {
    return (
      <Text as="span" color="fg.muted" title={t('list.notCharged')}>
        {'—'}
      </Text>
    );
  }
  return <Money amount={row.charged} currency={row.chargedCurrency ?? row.currency} plain />;
}

/** The margin and its rate; none until charged, nor across two currencies (the reason in the tooltip). */
function Margin({ t, row }: { t: T; row: CarrierFeeRecord }) {
  if (row.margin === null || row.margin === undefined) {
    const reason = row.charged ? t('list.otherCurrency', { currency: row.chargedCurrency ?? '' }) : t('list.notCharged');
    return (
      <Text as="span" color="fg.muted" title={reason} data-testid="carrier-fee-no-margin">
        {'—'}
      </Text>
    );
  }
  return <MarginFigure margin={row.margin} currency={row.currency} rate={row.marginRate ?? null} testId="carrier-fee-margin" />;
}

function feeColumns(t: T, suppliers: Map<string, SupplierRecord>, crud: CrudList<CarrierFeeRecord, Filters>): DataColumn<CarrierFeeRecord>[] {
  return [
    monoColumn<CarrierFeeRecord>('serialNumber', t('field.serialNumber'), (row) => row.serialNumber, { sortable: true, strong: true }),
    {
      id: 'supplierId',
      header: t('field.supplier'),
      hideBelow: 'sm',
      cell: (row) => {
        const supplier = suppliers.get(row.supplierId);
        return supplier ? <TwoLines mono first={supplier.code} second={supplier.title || supplier.name} /> : <Text color="fg.muted">{row.supplierId}</Text>;
      },
    },
    moneyColumn<CarrierFeeRecord>('amount', t('field.amount'), (row) => row.amount, (row) => row.currency, { sortable: true, strong: true }),
    { id: 'charged', header: t('field.charged'), textAlign: 'end', hideBelow: 'md', cell: (row) => <Charged t={t} row={row} /> },
    { id: 'margin', header: t('field.margin'), textAlign: 'end', cell: (row) => <Margin t={t} row={row} /> },
    { id: 'source', header: t('field.source'), hideBelow: 'md', cell: (row) => <SourceTag t={t} source={row.source} /> },
    truncatedColumn<CarrierFeeRecord>('remark', t('field.remark'), (row) => row.remark, '48', { hideBelow: 'xl' }),
    { id: 'createTime', header: t('field.createTime'), sortable: true, hideBelow: 'lg', cell: (row) => <TwoLines first={showTime(row.createTime) || '—'} second={row.createBy} /> },
    editDeleteColumn('text', crud.actions),
  ];
}

/** The order numbers, pasted in bulk (line breaks become spaces), counted; more than the server takes is refused. */
function SerialNumbersFilter({ t, crud }: { t: T; crud: CrudList<CarrierFeeRecord, Filters> }) {
  const value = crud.draft.serialNumbers;
  const count = serialNumbersOf(value).length;
  const tooMany = count > MAX_SERIAL_NUMBERS;
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!/[\r\n]/.test(text)) return;
    // A text input drops line breaks: a column pasted from a sheet would run together.
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? value.length;
    const end = input.selectionEnd ?? value.length;
    const pasted = text.split(/[\r\n]+/).map((line) => line.trim()).filter(Boolean).join(' ');
    crud.setDraftValue('serialNumbers', `${value.slice(0, start)}${start > 0 && !/\s$/.test(value.slice(0, start)) ? ' ' : ''}${pasted}${value.slice(end)}`);
  };
  return (
    <Field.Root invalid={tooMany}>
      <Field.Label>{t('filter.serialNumbers')}</Field.Label>
      <Input size="sm" fontFamily="mono" value={value} placeholder={t('filter.serialNumbersPlaceholder')} onChange={(event) => crud.setDraftValue('serialNumbers', event.currentTarget.value)} onPaste={paste} data-testid="carrier-fee-search-numbers" />
      {tooMany ? (
        <Field.ErrorText data-testid="carrier-fee-search-numbers-error">{t('filter.serialNumbersTooMany', { max: MAX_SERIAL_NUMBERS, count })}</Field.ErrorText>
      ) : count > 1 ? (
        <Field.HelperText data-testid="carrier-fee-search-numbers-count">{t('filter.serialNumbersCount', { count })}</Field.HelperText>
      ) : null}
    </Field.Root>
  );
}

function FeeList() {
  const { t } = useTranslation('carrierFee');
  const suppliers = useSupplierOptions();
  const supplierById = useMemo(() => new Map((suppliers.data ?? []).map((supplier) => [supplier.id, supplier])), [suppliers.data]);
  const supplierChoices = (suppliers.data ?? []).map((supplier) => ({ value: supplier.id, label: supplierLabel(supplier) }));
  const crud = useCrudList<CarrierFeeRecord, Filters>(CARRIER_FEE_LIST_PATH, {
    name: 'carrier-fee',
    permission: CARRIER_FEE_PERMISSION,
    ns: 'carrierFee',
    emptyFilters: EMPTY,
    remove: deleteCarrierFees,
    describe: (record) => t('delete.description', { serialNumber: record.serialNumber }),
    exportPath: CARRIER_FEE_EXPORT_PATH,
  });
  return (
    <CrudListPage
      crud={crud}
      columns={feeColumns(t, supplierById, crud)}
      search={{
        visibleOnPhone: 2,
        onSearch: () => {
          if (serialNumbersOf(crud.draft.serialNumbers).length <= MAX_SERIAL_NUMBERS) crud.search();
        },
      }}
      filters={
        <>
          <SerialNumbersFilter t={t} crud={crud} />
          {/* A carrier is a quick filter: it applies at once. */}
          <FilterSelect page={crud} name="supplierId" immediate label={t('filter.supplier')} options={supplierChoices} allLabel={t('filter.allSuppliers')} loading={suppliers.isPending} testId="carrier-fee-search-supplier" />
          <FilterRemote page={crud} name="customerId" label={t('filter.customer')} search={searchCustomers} queryKey={['carrier', 'fees', 'customers']} placeholder={t('filter.customerPlaceholder')} testId="carrier-fee-search-customer" />
          <FilterRemote page={crud} name="channelProductId" label={t('filter.product')} search={searchProducts} queryKey={['carrier', 'fees', 'products']} placeholder={t('filter.productPlaceholder')} testId="carrier-fee-search-product" />
          <FilterSelect page={crud} name="source" label={t('filter.source')} options={labelled(FEE_SOURCES, (source) => t(`source.${source}`))} allLabel={t('filter.all')} testId="carrier-fee-search-source" />
          <FilterText page={crud} name="createTime_begin" label={t('filter.from')} type="date" max={crud.draft.createTime_end || undefined} testId="carrier-fee-search-from" />
          <FilterText page={crud} name="createTime_end" label={t('filter.to')} type="date" min={crud.draft.createTime_begin || undefined} testId="carrier-fee-search-to" />
        </>
      }
      toolbar={{
        exportAction: CARRIER_FEE_EXPORT_PERMISSION,
        end: (
          <Text textStyle="xs" color="fg.muted" hideBelow="md">
            {t('list.legend')}
          </Text>
        ),
      }}
      table={{ emptyState: <ListEmpty icon={<FileTextIcon />} title={t('empty')} description={t('emptyDescription')} testId="carrier-fee-empty" /> }}
      dialogs={<CarrierFeeFormDialog {...crud.form.dialog} />}
    />
  );
}

export default function CarrierFeeListPage() {
  const { t } = useTranslation('carrierFee');
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('tab');
  const tab: Tab = isOneOf(TABS, asked) ? asked : 'fees';
  const choose = (next: string) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'fees') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );
  return (
    <Stack gap="0" minWidth="0" data-testid="carrier-fee-tabs">
      <Tabs.Root value={tab} onValueChange={(details) => choose(details.value)} lazyMount size="sm" variant="line">
        <Tabs.List overflowX="auto" overflowY="hidden" marginBottom="4">
          <Tabs.Trigger value="fees" whiteSpace="nowrap" flexShrink={0} data-testid="carrier-fee-tab-fees">
            <FileTextIcon />
            {t('tabs.fees')}
          </Tabs.Trigger>
          <Tabs.Trigger value="margins" whiteSpace="nowrap" flexShrink={0} data-testid="carrier-fee-tab-margins">
            <TrendingUpIcon />
            {t('tabs.margins')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="fees" padding="0">
          <FeeList />
        </Tabs.Content>
        <Tabs.Content value="margins" padding="0">
          <MarginReport />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
