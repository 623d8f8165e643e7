import { Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { isOneOf, statusOptions } from '../../../components/form/options';
import { codeColumn, createTimeColumn, CrudListPage, editDeleteColumn, FilterSelect, FilterText, labelled, nameColumn, statusColumn, tagColumn, truncatedColumn, TwoLines, useCrudList, type CrudList } from '../../../components/list';
import { supplierLabel, useSupplierOptions, type SupplierRecord } from '../suppliers/api';
import { deletePlatformDepots, PLATFORM_DEPOT_EXPORT_PATH, PLATFORM_DEPOT_LIST_PATH, PLATFORM_DEPOT_PERMISSION, PLATFORM_DEPOT_TYPES, platformDepotKeys, type PlatformDepotRecord } from './api';
import { DepotFormDialog } from './DepotFormDialog';

/** The filters (in the URL) and their empty values. */
const EMPTY = { keyWord: '', depotType: '', supplierId: '', status: '' };
type Filters = typeof EMPTY;

type T = TFunction<'platformDepot'>;

const statusLabel = (t: T, status: number) => (Number(status) === 1 ? t('status.1') : t('status.0'));
const depotTypeLabel = (t: T, value: string) => (isOneOf(PLATFORM_DEPOT_TYPES, value) ? t(`depotType.${value}`) : value);

function depotColumns(t: T, suppliers: Map<string, SupplierRecord>, crud: CrudList<PlatformDepotRecord, Filters>): DataColumn<PlatformDepotRecord>[] {
  return [
    codeColumn(t('field.code')),
    nameColumn(t('field.name')),
    tagColumn<PlatformDepotRecord>({ id: 'depotType', header: t('field.depotType'), sortable: true, colorPalette: 'purple', label: (row) => depotTypeLabel(t, row.depotType) }),
    {
      id: 'supplierId',
      header: t('field.supplier'),
      hideBelow: 'sm',
      cell: (row) => {
        if (!row.supplierId) return '—';
        const supplier = suppliers.get(row.supplierId);
        return supplier ? <TwoLines mono first={supplier.code} second={supplier.title || supplier.name} /> : <Text color="fg.muted">{row.supplierId}</Text>;
      },
    },
    { id: 'country', header: t('field.place'), sortable: true, cell: (row) => <TwoLines mono first={row.country} second={row.city} /> },
    truncatedColumn<PlatformDepotRecord>('address', t('field.address'), (row) => [row.address, row.postalCode].filter(Boolean).join(' '), '64', { hideBelow: 'md' }),
    { id: 'contact', header: t('field.contact'), hideBelow: 'md', cell: (row) => (row.contact || row.phone ? <TwoLines first={row.contact || '—'} second={row.phone} /> : '—') },
    statusColumn<PlatformDepotRecord>(t('field.status'), (row) => Number(row.status) === 1, (row) => statusLabel(t, row.status)),
    createTimeColumn(t('field.createTime'), 'xl'),
    editDeleteColumn('text', crud.actions),
  ];
}

/**
 * The forwarder's own warehouses and its carriers' hand-over points (where dispatches are picked
 * up and manifests closed): filter by type, carrier and status, paging, sort, add/edit, delete
 * and the server's xlsx export.
 */
export default function DepotListPage() {
  const { t } = useTranslation('platformDepot');
  const queryClient = useQueryClient();
  const suppliers = useSupplierOptions();
  const supplierById = useMemo(() => new Map((suppliers.data ?? []).map((supplier) => [supplier.id, supplier])), [suppliers.data]);
  const supplierChoices = (suppliers.data ?? []).map((supplier) => ({ value: supplier.id, label: supplierLabel(supplier) }));
  const refreshOptions = () => queryClient.invalidateQueries({ queryKey: platformDepotKeys.options });
  const crud = useCrudList<PlatformDepotRecord, Filters>(PLATFORM_DEPOT_LIST_PATH, {
    name: 'platform-depot',
    permission: PLATFORM_DEPOT_PERMISSION,
    ns: 'platformDepot',
    emptyFilters: EMPTY,
    defaultSort: { column: 'code', order: 'asc' },
    remove: deletePlatformDepots,
    describe: (record) => t('delete.description', { name: `${record.code} ${record.name}` }),
    afterDelete: refreshOptions,
    exportPath: PLATFORM_DEPOT_EXPORT_PATH,
  });
  return (
    <CrudListPage
      crud={crud}
      columns={depotColumns(t, supplierById, crud)}
      toolbar={{ exportAction: `${PLATFORM_DEPOT_PERMISSION}:export` }}
      filters={
        <>
          <FilterText page={crud} name="keyWord" label={t('filter.keyWord')} placeholder={t('filter.keyWordPlaceholder')} testId="platform-depot-search-keyword" />
          <FilterSelect page={crud} name="depotType" label={t('filter.depotType')} options={labelled(PLATFORM_DEPOT_TYPES, (type) => t(`depotType.${type}`))} allLabel={t('filter.all')} testId="platform-depot-search-type" />
          <FilterSelect page={crud} name="supplierId" label={t('filter.supplier')} options={supplierChoices} allLabel={t('filter.allSuppliers')} loading={suppliers.isPending} testId="platform-depot-search-supplier" />
          <FilterSelect page={crud} name="status" label={t('filter.status')} options={statusOptions((status) => t(`status.${status}`))} allLabel={t('filter.all')} testId="platform-depot-search-status" />
        </>
      }
      dialogs={<DepotFormDialog {...crud.form.dialog} onSaved={() => void refreshOptions()} />}
    />
  );
}
