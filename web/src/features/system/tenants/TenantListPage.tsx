import { Badge, Button, Card, Field, Flex, HStack, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../components/Authorized';
import { useConfirm } from '../../../components/ConfirmDialog';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { SearchBar } from '../../../components/SearchBar';
import { toaster } from '../../../components/ui/toaster';
import { useServerList } from '../../../hooks/useServerList';
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
    {
      id: 'actions',
      header: t('action.actions', { ns: 'dataTable' }),
      sticky: true,
      cell: (row) => (
        <HStack gap="1">
          <Authorized action="system:tenant:edit">
            <Button size="xs" variant="ghost" colorPalette="blue" onClick={() => onEdit(row)} data-testid="tenant-edit">
              {t('action.edit', { ns: 'dataTable' })}
            </Button>
          </Authorized>
          <Authorized action="system:tenant:delete">
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onDelete(row)} data-testid="tenant-delete">
              {t('action.delete', { ns: 'dataTable' })}
            </Button>
          </Authorized>
        </HStack>
      ),
    },
  ];
}

/** Tenants (platform only): search by name and status, paging, sort, add/edit and delete. */
export default function TenantListPage() {
  const { t } = useTranslation('sysTenant');
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [form, setForm] = useState<{ record?: TenantRecord }>();
  const list = useServerList<TenantRecord>(TENANT_LIST_PATH, filters, { defaultSort: { column: 'createTime', order: 'desc' } });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['list', TENANT_LIST_PATH] });

  const askDelete = (record: TenantRecord) =>
    confirm({
      title: t('delete.title'),
      description: t('delete.description', { name: record.name }),
      testId: 'tenant-delete-confirm',
      onConfirm: async () => {
        const envelope = await deleteTenant(record.id);
        toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
        await refresh();
      },
    });

  const columns = tenantColumns({ t, onEdit: (record) => setForm({ record }), onDelete: askDelete });

  return (
    <Stack gap="4" data-testid="tenant-page">
      <SearchBar
        onSearch={() => setFilters(draft)}
        onReset={() => {
          setDraft(EMPTY);
          setFilters(EMPTY);
        }}
        loading={list.loading}
        visibleOnPhone={2}
        testId="tenant-search"
      >
        <Field.Root>
          <Field.Label>{t('filter.name')}</Field.Label>
          <Input size="sm" value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })} placeholder={t('filter.namePlaceholder')} data-testid="tenant-search-name" />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('filter.status')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.currentTarget.value })} data-testid="tenant-search-status">
              <option value="">{t('filter.all')}</option>
              <option value="1">{t('status.1')}</option>
              <option value="0">{t('status.0')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SearchBar>
      <Card.Root size="sm">
        <Card.Body>
          <Stack gap="4">
            <Flex gap="2" wrap="wrap">
              <Authorized action="system:tenant:add">
                <Button size="sm" onClick={() => setForm({})} data-testid="tenant-add">
                  {t('add')}
                </Button>
              </Authorized>
            </Flex>
            <DataTable
              columns={columns}
              rows={list.rows}
              total={list.total}
              loading={list.loading}
              page={list.page}
              onPageChange={list.setPage}
              sort={list.sort}
              onSortChange={list.setSort}
              getRowId={(row) => String(row.id)}
              caption={t('caption')}
              testId="tenant-table"
            />
          </Stack>
        </Card.Body>
      </Card.Root>
      <TenantFormDialog open={form !== undefined} onOpenChange={(open) => (open ? undefined : setForm(undefined))} record={form?.record} onSaved={() => void refresh()} />
      {dialog}
    </Stack>
  );
}
