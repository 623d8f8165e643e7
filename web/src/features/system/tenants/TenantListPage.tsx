import { Badge } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { actionsColumn, FilterSelect, FilterText, ListPage, ListSearchBar, ListTable, ListToolbar, useDeleteRecords, useListPage } from '../../../components/list';
import { deleteTenant, TENANT_LIST_PATH, type TenantRecord } from './api';
import { TenantFormDialog } from './TenantFormDialog';

/** A type alias (not an interface) so that it fits the list's filter record. */
type Filters = {
  name: string;
  status: string;
};

const EMPTY: Filters = { name: '', status: '' };

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

interface ColumnDeps {
  t: TFunction<'sysTenant'>;
  onEdit: (record: TenantRecord) => void;
  onDelete: (record: TenantRecord) => void;
}

function tenantColumns({ t, onEdit, onDelete }: ColumnDeps): DataColumn<TenantRecord>[] {
  return [
    { id: 'id', header: t('field.id'), textAlign: 'end', width: '90px' },
    { id: 'name', header: t('field.name'), sortable: true, minWidth: '140px' },
    { id: 'nameEn', header: t('field.nameEn'), hideBelow: 'md' },
    { id: 'status', header: t('field.status'), cell: (row) => <TenantStatusTag status={Number(row.status)} /> },
    { id: 'beginDate', header: t('field.beginDate'), hideBelow: 'lg' },
    { id: 'endDate', header: t('field.endDate'), hideBelow: 'lg' },
    { id: 'userCount', header: t('field.userCount'), textAlign: 'end', hideBelow: 'sm', cell: (row) => row.userCount ?? 0 },
    { id: 'createTime', header: t('field.createTime'), sortable: true, hideBelow: 'md' },
    actionsColumn<TenantRecord>('text', (row) => [
      { kind: 'edit', action: 'system:tenant:edit', onClick: () => onEdit(row), testId: 'tenant-edit' },
      { kind: 'delete', action: 'system:tenant:delete', onClick: () => onDelete(row), testId: 'tenant-delete' },
    ]),
  ];
}

/** Tenants (platform only): search by name and status, paging, sort, add/edit and delete. */
export default function TenantListPage() {
  const { t } = useTranslation('sysTenant');
  const [form, setForm] = useState<{ record?: TenantRecord }>();
  const page = useListPage<TenantRecord, Filters>(TENANT_LIST_PATH, { emptyFilters: EMPTY, defaultSort: { column: 'createTime', order: 'desc' } });
  const { list } = page;
  const remover = useDeleteRecords<TenantRecord>({
    list,
    removeOne: (record) => deleteTenant(record.id),
    getId: (record) => String(record.id),
    title: t('delete.title'),
    describe: (record) => t('delete.description', { name: record.name }),
    testId: 'tenant-delete-confirm',
  });

  const columns = tenantColumns({ t, onEdit: (record) => setForm({ record }), onDelete: remover.askDelete });

  return (
    <ListPage
      testId="tenant-page"
      search={
        <ListSearchBar page={page} visibleOnPhone={2} testId="tenant-search">
          <FilterText page={page} name="name" label={t('filter.name')} placeholder={t('filter.namePlaceholder')} testId="tenant-search-name" />
          <FilterSelect
            page={page}
            name="status"
            label={t('filter.status')}
            options={[
              { value: '1', label: t('status.1') },
              { value: '0', label: t('status.0') },
            ]}
            allLabel={t('filter.all')}
            testId="tenant-search-status"
          />
        </ListSearchBar>
      }
      toolbar={<ListToolbar testIdPrefix="tenant" add={{ action: 'system:tenant:add', label: t('add'), onClick: () => setForm({}) }} />}
      dialogs={
        <>
          <TenantFormDialog open={form !== undefined} onOpenChange={(open) => (open ? undefined : setForm(undefined))} record={form?.record} />
          {remover.dialog}
        </>
      }
    >
      <ListTable list={list} columns={columns} getRowId={(row) => String(row.id)} caption={t('caption')} testId="tenant-table" />
    </ListPage>
  );
}
