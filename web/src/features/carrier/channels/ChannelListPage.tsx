import { Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { statusOptions } from '../../../components/form/options';
import { codeColumn, createTimeColumn, CrudListPage, editDeleteColumn, FilterSelect, FilterText, nameColumn, statusColumn, tagColumn, TwoLines, useCrudList, type CrudList } from '../../../components/list';
import { useServiceOptions, type CarrierServiceRecord } from '../services/api';
import { supplierLabel, useSupplierOptions, type SupplierRecord } from '../suppliers/api';
import { CHANNEL_EXPORT_PATH, CHANNEL_LIST_PATH, channelKeys, deleteChannels, transTypeLabel, type ChannelRecord } from './api';
import { ChannelFormDialog } from './ChannelFormDialog';

/** The filters (in the URL) and their empty values. */
const EMPTY = { supplierId: '', keyWord: '', status: '' };
type Filters = typeof EMPTY;

type T = TFunction<'carrierChannel'>;

const statusLabel = (t: T, status: number) => (Number(status) === 1 ? t('status.1') : t('status.0'));

function channelColumns(t: T, suppliers: Map<string, SupplierRecord>, services: Map<string, CarrierServiceRecord>, crud: CrudList<ChannelRecord, Filters>): DataColumn<ChannelRecord>[] {
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
    {
      id: 'serviceId',
      header: t('field.service'),
      hideBelow: 'md',
      cell: (row) => {
        if (!row.serviceId) return '—';
        const service = services.get(row.serviceId);
        return service ? <TwoLines mono first={service.code} second={service.title || service.name} /> : <Text color="fg.muted">{row.serviceId}</Text>;
      },
    },
    tagColumn<ChannelRecord>({ id: 'transType', header: t('field.transType'), hideBelow: 'md', colorPalette: 'cyan', label: (row) => row.transType && transTypeLabel(t, row.transType) }),
    statusColumn<ChannelRecord>(t('field.status'), (row) => Number(row.status) === 1, (row) => statusLabel(t, row.status)),
    createTimeColumn(t('field.createTime'), 'lg'),
    editDeleteColumn('text', crud.actions),
  ];
}

/** Channels of the tenant's suppliers: filter by supplier, paging, sort, add/edit, delete and the server's xlsx export. */
export default function ChannelListPage() {
  const { t } = useTranslation('carrierChannel');
  const queryClient = useQueryClient();
  const suppliers = useSupplierOptions();
  const supplierById = useMemo(() => new Map((suppliers.data ?? []).map((supplier) => [supplier.id, supplier])), [suppliers.data]);
  const supplierChoices = (suppliers.data ?? []).map((supplier) => ({ value: supplier.id, label: supplierLabel(supplier) }));
  const services = useServiceOptions();
  const serviceById = useMemo(() => new Map((services.data ?? []).map((service) => [service.id, service])), [services.data]);
  const refreshOptions = () => queryClient.invalidateQueries({ queryKey: channelKeys.options });
  const crud = useCrudList<ChannelRecord, Filters>(CHANNEL_LIST_PATH, {
    name: 'channel',
    permission: 'logistics:channel',
    ns: 'carrierChannel',
    emptyFilters: EMPTY,
    remove: deleteChannels,
    describe: (record) => t('delete.description', { name: `${record.code} ${record.name}` }),
    afterDelete: refreshOptions,
    exportPath: CHANNEL_EXPORT_PATH,
  });
  return (
    <CrudListPage
      crud={crud}
      columns={channelColumns(t, supplierById, serviceById, crud)}
      search={{ visibleOnPhone: 2 }}
      filters={
        <>
          {/* A supplier is a quick filter: it applies at once. */}
          <FilterSelect page={crud} name="supplierId" immediate label={t('filter.supplier')} options={supplierChoices} allLabel={t('filter.allSuppliers')} loading={suppliers.isPending} testId="channel-search-supplier" />
          <FilterText page={crud} name="keyWord" label={t('filter.keyWord')} placeholder={t('filter.keyWordPlaceholder')} testId="channel-search-keyword" />
          <FilterSelect page={crud} name="status" label={t('filter.status')} options={statusOptions((status) => t(`status.${status}`))} allLabel={t('filter.all')} testId="channel-search-status" />
        </>
      }
      dialogs={<ChannelFormDialog {...crud.form.dialog} supplierId={crud.filters.supplierId} onSaved={() => void refreshOptions()} />}
    />
  );
}
