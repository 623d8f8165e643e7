import { Badge, HStack } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { isOneOf, statusOptions } from '../../../components/form/options';
import { LockIcon } from '../../../components/icons';
import { codeColumn, createTimeColumn, CrudListPage, editDeleteColumn, FilterSelect, FilterText, nameColumn, statusColumn, TwoLines, useCrudList, type CrudList } from '../../../components/list';
import { API_TYPES, deleteSuppliers, SUPPLIER_EXPORT_PATH, SUPPLIER_LIST_PATH, supplierKeys, type SupplierRecord } from './api';
import { WebhookDialog } from '../../tracking/WebhookDialog';
import { SupplierFormDialog } from './SupplierFormDialog';

/** The filters (in the URL) and their empty values. */
const EMPTY = { keyWord: '', status: '' };
type Filters = typeof EMPTY;

type T = TFunction<'carrierSupplier'>;

const apiTypeLabel = (t: T, value: string | null | undefined) => (isOneOf(API_TYPES, value) ? t(`apiType.${value}`) : (value ?? ''));
const statusLabel = (t: T, status: number) => (Number(status) === 1 ? t('status.1') : t('status.0'));

/** The integration as a tag, and a lock tag when the carrier account's credentials are kept (`—` with neither). */
function IntegrationCell({ t, row }: { t: T; row: SupplierRecord }) {
  const kept = Number(row.hasCredentials) === 1;
  if (!row.apiType && !kept) return '—';
  return (
    <HStack gap="1.5" wrap="wrap">
      {row.apiType ? (
        <Badge size="sm" variant="subtle" colorPalette="purple">
          {apiTypeLabel(t, row.apiType)}
        </Badge>
      ) : null}
      {kept ? (
        <Badge size="sm" variant="outline" colorPalette="green" title={t('credentials.badgeTitle')} data-testid="supplier-credentials-badge">
          <LockIcon />
          {t('credentials.badge')}
        </Badge>
      ) : null}
    </HStack>
  );
}

function supplierColumns(t: T, crud: CrudList<SupplierRecord, Filters>, onWebhook: (row: SupplierRecord) => void): DataColumn<SupplierRecord>[] {
  return [
    codeColumn(t('field.code')),
    nameColumn(t('field.name')),
    { id: 'contact', header: t('field.contact'), hideBelow: 'md', cell: (row) => (row.contact || row.phone ? <TwoLines first={row.contact || '—'} second={row.phone} /> : '—') },
    { id: 'email', header: t('field.email'), hideBelow: 'lg', cell: (row) => row.email || '—' },
    { id: 'apiType', header: t('field.apiType'), hideBelow: 'sm', cell: (row) => <IntegrationCell t={t} row={row} /> },
    statusColumn<SupplierRecord>(t('field.status'), (row) => Number(row.status) === 1, (row) => statusLabel(t, row.status)),
    createTimeColumn(t('field.createTime')),
    editDeleteColumn('text', {
      ...crud.actions,
      more: (row) => [{ label: t('action.webhook'), action: 'logistics:supplier:edit', onClick: () => onWebhook(row), testId: 'supplier-webhook' }],
    }),
  ];
}

/** Suppliers (carriers) of the tenant: search, paging, sort, add/edit, delete, batch delete and the server's xlsx export. */
export default function SupplierListPage() {
  const { t } = useTranslation('carrierSupplier');
  const queryClient = useQueryClient();
  const [webhook, setWebhook] = useState<SupplierRecord>();
  const refreshOptions = () => queryClient.invalidateQueries({ queryKey: supplierKeys.options });
  const crud = useCrudList<SupplierRecord, Filters>(SUPPLIER_LIST_PATH, {
    name: 'supplier',
    permission: 'logistics:supplier',
    ns: 'carrierSupplier',
    emptyFilters: EMPTY,
    remove: deleteSuppliers,
    describe: (record) => t('delete.description', { name: `${record.code} ${record.name}` }),
    afterDelete: refreshOptions,
    exportPath: SUPPLIER_EXPORT_PATH,
  });
  return (
    <CrudListPage
      crud={crud}
      columns={supplierColumns(t, crud, setWebhook)}
      filters={
        <>
          <FilterText page={crud} name="keyWord" label={t('filter.keyWord')} placeholder={t('filter.keyWordPlaceholder')} testId="supplier-search-keyword" />
          <FilterSelect page={crud} name="status" label={t('filter.status')} options={statusOptions((status) => t(`status.${status}`))} allLabel={t('filter.all')} testId="supplier-search-status" />
        </>
      }
      dialogs={
        <>
          <SupplierFormDialog {...crud.form.dialog} onSaved={() => void refreshOptions()} />
          <WebhookDialog supplier={webhook} onClose={() => setWebhook(undefined)} />
        </>
      }
    />
  );
}
