import { Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { isOneOf, statusOptions } from '../../../components/form/options';
import { codeColumn, createTimeColumn, CrudListPage, editDeleteColumn, FilterSelect, FilterText, labelled, nameColumn, statusColumn, tagColumn, TwoLines, useCrudList, type CrudList } from '../../../components/list';
import { supplierLabel, useSupplierOptions, type SupplierRecord } from '../suppliers/api';
import { deleteServices, SERVICE_EXPORT_PATH, SERVICE_LIST_PATH, SERVICE_PERMISSION, SERVICE_TYPES, serviceKeys, type CarrierServiceRecord } from './api';
import { ServiceFormDialog } from './ServiceFormDialog';

/** The filters (in the URL) and their empty values. */
const EMPTY = { supplierId: '', keyWord: '', serviceType: '', status: '' };
type Filters = typeof EMPTY;

type T = TFunction<'carrierService'>;

const statusLabel = (t: T, status: number) => (Number(status) === 1 ? t('status.1') : t('status.0'));
const serviceTypeLabel = (t: T, value: string) => (isOneOf(SERVICE_TYPES, value) ? t(`serviceType.${value}`) : value);

/** The days in transit as the carrier states them: "2–5 days", "3 days", "2+ days", "up to 5 days" (`—` when not stated). */
function transitText(t: T, min: number | null | undefined, max: number | null | undefined): string {
  const hasMin = min !== null && min !== undefined;
  const hasMax = max !== null && max !== undefined;
  if (hasMin && hasMax) return min === max ? t('transit.exact', { count: min }) : t('transit.range', { min, max });
  if (hasMin) return t('transit.atLeast', { min });
  if (hasMax) return t('transit.atMost', { max });
  return '—';
}

function serviceColumns(t: T, suppliers: Map<string, SupplierRecord>, crud: CrudList<CarrierServiceRecord, Filters>): DataColumn<CarrierServiceRecord>[] {
  return [
    codeColumn(t('field.code')),
    nameColumn(t('field.name')),
    {
      id: 'supplierId',
      header: t('field.supplier'),
      hideBelow: 'sm',
      cell: (row) => {
        const supplier = suppliers.get(row.supplierId);
        return supplier ? <TwoLines mono first={supplier.code} second={supplier.title || supplier.name} /> : <Text color="fg.muted">{row.supplierId}</Text>;
      },
    },
    tagColumn<CarrierServiceRecord>({ id: 'serviceType', header: t('field.serviceType'), sortable: true, colorPalette: 'cyan', label: (row) => serviceTypeLabel(t, row.serviceType) }),
    { id: 'transit', header: t('field.transit'), hideBelow: 'md', cell: (row) => <Text whiteSpace="nowrap">{transitText(t, row.transitMin, row.transitMax)}</Text> },
    statusColumn<CarrierServiceRecord>(t('field.status'), (row) => Number(row.status) === 1, (row) => statusLabel(t, row.status)),
    createTimeColumn(t('field.createTime'), 'lg'),
    editDeleteColumn('text', crud.actions),
  ];
}

/** The services of the tenant's suppliers: filter by supplier, kind and status, paging, sort, add/edit, delete and the server's xlsx export. */
export default function ServiceListPage() {
  const { t } = useTranslation('carrierService');
  const queryClient = useQueryClient();
  const suppliers = useSupplierOptions();
  const supplierById = useMemo(() => new Map((suppliers.data ?? []).map((supplier) => [supplier.id, supplier])), [suppliers.data]);
  const supplierChoices = (suppliers.data ?? []).map((supplier) => ({ value: supplier.id, label: supplierLabel(supplier) }));
  const refreshOptions = () => queryClient.invalidateQueries({ queryKey: serviceKeys.all });
  const crud = useCrudList<CarrierServiceRecord, Filters>(SERVICE_LIST_PATH, {
    name: 'service',
    permission: SERVICE_PERMISSION,
    ns: 'carrierService',
    emptyFilters: EMPTY,
    defaultSort: { column: 'code', order: 'asc' },
    remove: deleteServices,
    describe: (record) => t('delete.description', { name: `${record.code} ${record.name}` }),
    afterDelete: refreshOptions,
    exportPath: SERVICE_EXPORT_PATH,
  });
  return (
    <CrudListPage
      crud={crud}
      columns={serviceColumns(t, supplierById, crud)}
      search={{ visibleOnPhone: 2 }}
      toolbar={{ exportAction: `${SERVICE_PERMISSION}:export` }}
      filters={
        <>
          {/* A supplier is a quick filter: it applies at once. */}
          <FilterSelect page={crud} name="supplierId" immediate label={t('filter.supplier')} options={supplierChoices} allLabel={t('filter.allSuppliers')} loading={suppliers.isPending} testId="service-search-supplier" />
          <FilterText page={crud} name="keyWord" label={t('filter.keyWord')} placeholder={t('filter.keyWordPlaceholder')} testId="service-search-keyword" />
          <FilterSelect page={crud} name="serviceType" label={t('filter.serviceType')} options={labelled(SERVICE_TYPES, (type) => t(`serviceType.${type}`))} allLabel={t('filter.all')} testId="service-search-type" />
          <FilterSelect page={crud} name="status" label={t('filter.status')} options={statusOptions((status) => t(`status.${status}`))} allLabel={t('filter.all')} testId="service-search-status" />
        </>
      }
      dialogs={<ServiceFormDialog {...crud.form.dialog} supplierId={crud.filters.supplierId} onSaved={() => void refreshOptions()} />}
    />
  );
}
