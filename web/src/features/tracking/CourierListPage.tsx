/**
 * Couriers (Carrier management → Couriers): the last-mile carriers the out-track search
 * recognises, each with its number pattern, check digit and tracking page. Every tenant starts
 * with core's list and keeps its own copy.
 */
import { Link } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/DataTable';
import { statusOptions } from '../../components/form/options';
import { codeColumn, CrudListPage, editDeleteColumn, FilterSelect, FilterText, monoColumn, nameColumn, statusColumn, tagColumn, useCrudList, type CrudList } from '../../components/list';
import { CHECK_DIGITS, COURIER_EXPORT_PATH, COURIER_LIST_PATH, deleteCouriers, type CourierRecord } from './api';
import { CourierFormDialog } from './CourierFormDialog';

const EMPTY = { keyWord: '', status: '' };
type Filters = typeof EMPTY;
type T = TFunction<'courier'>;

const checkLabel = (t: T, value: string | null | undefined) => (CHECK_DIGITS.find((c) => c === value) ? t(`checkDigit.${value as (typeof CHECK_DIGITS)[number]}`) : '');
const host = (url: string) => url.replace(/^https?:\/\//, '').split(/[/?#]/)[0];

function courierColumns(t: T, crud: CrudList<CourierRecord, Filters>): DataColumn<CourierRecord>[] {
  return [
    codeColumn(t('field.code')),
    nameColumn(t('field.name')),
    monoColumn<CourierRecord>('numberPattern', t('field.numberPattern'), (row) => row.numberPattern, { hideBelow: 'sm', size: 'xs' }),
    tagColumn<CourierRecord>({ id: 'checkDigit', header: t('field.checkDigit'), hideBelow: 'md', colorPalette: 'purple', label: (row) => checkLabel(t, row.checkDigit) }),
    {
      id: 'trackUrl',
      header: t('field.trackUrl'),
      hideBelow: 'lg',
      cell: (row) =>
        row.trackUrl ? (
          <Link href={row.website ?? row.trackUrl.replace('{number}', '')} target="_blank" rel="noopener noreferrer" fontSize="sm" colorPalette="blue">
            {host(row.trackUrl)}
          </Link>
        ) : (
          '—'
        ),
    },
    { id: 'sortNo', header: t('field.sortNo'), sortable: true, hideBelow: 'md' },
    statusColumn<CourierRecord>(t('field.status'), (row) => Number(row.status) === 1, (row) => (Number(row.status) === 1 ? t('status.1') : t('status.0'))),
    editDeleteColumn('text', crud.actions),
  ];
}

export default function CourierListPage() {
  const { t } = useTranslation('courier');
  const crud = useCrudList<CourierRecord, Filters>(COURIER_LIST_PATH, {
    name: 'courier',
    permission: 'logistics:courier',
    ns: 'courier',
    emptyFilters: EMPTY,
    remove: deleteCouriers,
    exportPath: COURIER_EXPORT_PATH,
    describe: (row) => t('delete.description', { name: `${row.code} ${row.name}` }),
    defaultSort: { column: 'sortNo', order: 'asc' },
  });
  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      subtitle={t('subtitle')}
      columns={courierColumns(t, crud)}
      filters={
        <>
          <FilterText page={crud} name="keyWord" label={t('filter.keyWord')} placeholder={t('filter.keyWordPlaceholder')} testId="courier-search-keyword" />
          <FilterSelect page={crud} name="status" immediate label={t('filter.status')} options={statusOptions((status) => t(`status.${status}`))} allLabel={t('filter.all')} testId="courier-search-status" />
        </>
      }
      table={{ selectable: true, getRowId: (row) => row.id }}
      dialogs={<CourierFormDialog {...crud.form.dialog} />}
    />
  );
}
