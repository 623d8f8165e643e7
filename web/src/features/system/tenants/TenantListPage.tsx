import { Badge } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { statusOptions } from '../../../components/form/options';
import { createTimeColumn, CrudListPage, editDeleteColumn, FilterSelect, FilterText, useCrudList, type CrudList } from '../../../components/list';
import { deleteTenant, TENANT_LIST_PATH, type TenantRecord } from './api';
import { TenantFormDialog } from './TenantFormDialog';

/** The filters (in the URL) and their empty values. */
const EMPTY = { name: '', status: '' };
type Filters = typeof EMPTY;

/** Tenant status as a tag: green normal, red frozen. */
function TenantStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('sysTenant');
  const normal = Number(status) !== 0;
  return (
    <Badge size="sm" variant="subtle" colorPalette={normal ? 'green' : 'red'}>
      {normal ? t('status.1') : t('status.0')}
    </Badge>
  );
}

function tenantColumns(t: TFunction<'sysTenant'>, crud: CrudList<TenantRecord, Filters>): DataColumn<TenantRecord>[] {
  return [
    { id: 'id', header: t('field.id'), textAlign: 'end', width: '90px' },
    { id: 'name', header: t('field.name'), sortable: true, minWidth: '140px' },
    { id: 'nameEn', header: t('field.nameEn'), hideBelow: 'md' },
    { id: 'status', header: t('field.status'), cell: (row) => <TenantStatusTag status={Number(row.status)} /> },
    { id: 'beginDate', header: t('field.beginDate'), hideBelow: 'lg' },
    { id: 'endDate', header: t('field.endDate'), hideBelow: 'lg' },
    { id: 'userCount', header: t('field.userCount'), textAlign: 'end', hideBelow: 'sm', cell: (row) => row.userCount ?? 0 },
    createTimeColumn(t('field.createTime')),
    editDeleteColumn('text', crud.actions),
  ];
}

/** Tenants (platform only): search by name and status, paging, sort, add/edit and delete. */
export default function TenantListPage() {
  const { t } = useTranslation('sysTenant');
  const crud = useCrudList<TenantRecord, Filters>(TENANT_LIST_PATH, {
    name: 'tenant',
    permission: 'system:tenant',
    ns: 'sysTenant',
    emptyFilters: EMPTY,
    removeOne: (record) => deleteTenant(record.id),
    getId: (record) => String(record.id),
    describe: (record) => t('delete.description', { name: record.name }),
  });
  return (
    <CrudListPage
      crud={crud}
      columns={tenantColumns(t, crud)}
      search={{ visibleOnPhone: 2 }}
      filters={
        <>
          <FilterText page={crud} name="name" label={t('filter.name')} placeholder={t('filter.namePlaceholder')} testId="tenant-search-name" />
          <FilterSelect page={crud} name="status" label={t('filter.status')} options={statusOptions((status) => t(`status.${status}`))} allLabel={t('filter.all')} testId="tenant-search-status" />
        </>
      }
      table={{ getRowId: (row) => String(row.id) }}
      dialogs={<TenantFormDialog {...crud.form.dialog} />}
    />
  );
}
