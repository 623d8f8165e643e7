/**
 * Inbound forecasts (advance shipping notices; customers their own, staff the tenant's): searched
 * by forecast or reference number, status, warehouse and days; pieces expected and received;
 * paging, sort and the server's xlsx export. "Announce goods" opens a new one; a row opens its
 * drawer, where the customer edits or cancels it and staff receive against it.
 */
import { Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/DataTable';
import { InboxIcon } from '../../components/icons';
import { LinkButton } from '../../components/LinkButton';
import { createTimeColumn, CrudListPage, FilterSelect, FilterText, labelled, ListEmpty, useCrudList } from '../../components/list';
import { useIsStaff } from '../shipment/shippers/api';
import { FORECAST_EXPORT_PATH, FORECAST_LIST_PATH, FORECAST_PERMISSION, FORECAST_STATUSES, type WmsForecastDetail, type WmsForecastRecord } from './api';
import { ForecastDetailDrawer } from './ForecastDetailDrawer';
import { ForecastFormDialog } from './ForecastFormDialog';
import { ForecastStatusTag } from './ForecastStatusTag';

const EMPTY = { keyWord: '', status: '', warehouse: '', createTime_begin: '', createTime_end: '' };
type Filters = typeof EMPTY;

function forecastColumns(t: TFunction<'wmsForecast'>, staff: boolean, onOpen: (row: WmsForecastRecord) => void): DataColumn<WmsForecastRecord>[] {
  return [
    {
      id: 'forecastNo',
      header: t('field.forecastNo'),
      sortable: true,
      cell: (row) => (
        <LinkButton fontFamily="mono" fontWeight="medium" onClick={() => onOpen(row)} aria-label={t('action.open', { name: row.forecastNo })} data-testid="forecast-open">
          {row.forecastNo}
        </LinkButton>
      ),
    },
    ...(staff ? [{ id: 'customerUsername', header: t('field.customer'), hideBelow: 'md' as const, cell: (row: WmsForecastRecord) => row.customerUsername || '—' }] : []),
    { id: 'warehouse', header: t('field.warehouse'), sortable: true, hideBelow: 'sm', cell: (row) => <Text fontFamily="mono">{row.warehouse}</Text> },
    { id: 'reference', header: t('field.reference'), hideBelow: 'lg', cell: (row) => (row.reference ? <Text fontFamily="mono">{row.reference}</Text> : '—') },
    { id: 'status', header: t('field.status'), sortable: true, cell: (row) => <ForecastStatusTag value={row.status} /> },
    {
      id: 'receivedTotal',
      header: t('field.totals'),
      sortable: true,
      textAlign: 'end',
      cell: (row) => <Text fontVariantNumeric="tabular-nums">{t('field.totalsValue', { received: row.receivedTotal, expected: row.expectedTotal })}</Text>,
    },
    createTimeColumn(t('field.createTime')),
  ];
}

export default function ForecastListPage() {
  const { t } = useTranslation('wmsForecast');
  const staff = useIsStaff();
  const [opened, setOpened] = useState<string>();
  const [editing, setEditing] = useState<WmsForecastDetail>();
  const crud = useCrudList<WmsForecastRecord, Filters>(FORECAST_LIST_PATH, {
    name: 'forecast',
    permission: FORECAST_PERMISSION,
    ns: 'wmsForecast',
    emptyFilters: EMPTY,
    describe: (row) => row.forecastNo,
    exportPath: FORECAST_EXPORT_PATH,
  });
  const filtered = Object.values(crud.filters).some((value) => value !== '');
  const open = (row: WmsForecastRecord) => setOpened(row.id);
  const formOpen = crud.form.open || editing !== undefined;
  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      columns={forecastColumns(t, staff, open)}
      filters={
        <>
          <FilterText page={crud} name="keyWord" label={t('filter.keyWord')} placeholder={t('filter.keyWordPlaceholder')} fontFamily="mono" testId="forecast-search-keyword" />
          <FilterSelect page={crud} name="status" label={t('field.status')} options={labelled(FORECAST_STATUSES, (value) => t(`status.${value}`))} allLabel={t('filter.all')} testId="forecast-search-status" />
          <FilterText page={crud} name="warehouse" label={t('field.warehouse')} fontFamily="mono" testId="forecast-search-warehouse" />
          <FilterText page={crud} name="createTime_begin" label={t('filter.from')} type="date" max={crud.draft.createTime_end || undefined} testId="forecast-search-from" />
          <FilterText page={crud} name="createTime_end" label={t('filter.to')} type="date" min={crud.draft.createTime_begin || undefined} testId="forecast-search-to" />
        </>
      }
      toolbar={{ exportAction: `${FORECAST_PERMISSION}:export` }}
      table={{
        onRowClick: open,
        emptyState: filtered ? undefined : <ListEmpty icon={<InboxIcon />} title={t('empty')} description={t('emptyDescription')} testId="forecast-empty" />,
      }}
      dialogs={
        <>
          <ForecastFormDialog
            open={formOpen}
            onOpenChange={(next) => {
              if (next) return;
              crud.form.close();
              setEditing(undefined);
            }}
            record={editing}
            onSaved={(saved) => (saved?.id ? setOpened(saved.id) : undefined)}
          />
          <ForecastDetailDrawer id={opened} onClose={() => setOpened(undefined)} onEdit={(detail) => setEditing(detail)} />
        </>
      }
    />
  );
}
