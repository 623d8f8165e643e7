/**
 * Storage locations (staff): searched by code (a scanned label types into the search), warehouse,
 * zone and type; what each holds against its capacity; add and edit checked by core as typed,
 * delete (refused while it holds stock), the server's xlsx export, and the selected locations'
 * 100 x 100 mm labels (barcode and QR code) as one PDF to print.
 */
import { Badge, Button, HStack, Progress, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/DataTable';
import { PrinterIcon } from '../../components/icons';
import { createTimeColumn, CrudListPage, editDeleteColumn, FilterSelect, FilterText, labelled, monoColumn, useCrudList, type CrudList } from '../../components/list';
import { openFile } from '../printing/api';
import { deleteLocations, LOCATION_EXPORT_PATH, LOCATION_LIST_PATH, LOCATION_PERMISSION, LOCATION_TYPES, type WmsLocationRecord } from './api';
import { LocationFormDialog } from './LocationFormDialog';

const EMPTY = { keyWord: '', warehouse: '', zone: '', locationType: '' };
type Filters = typeof EMPTY;

/** Opens the labels of locations in a new tab, where the browser's viewer prints them. */
export const openLocationLabels = (ids: string[]) => openFile('/wms/location/label', { ids: ids.join(',') });

/** What a location holds against its capacity, as a bar. */
function Fill({ held, capacity }: { held: number; capacity: number }) {
  const percent = capacity > 0 ? Math.min(100, Math.round((held / capacity) * 100)) : 0;
  return (
    <HStack gap="2" minWidth="120px">
      <Progress.Root value={percent} size="xs" flex="1" colorPalette={percent >= 100 ? 'red' : percent >= 80 ? 'orange' : 'green'} aria-label={`${held}/${capacity}`}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text textStyle="xs" color="fg.muted" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
        {`${held}/${capacity}`}
      </Text>
    </HStack>
  );
}

function locationColumns(t: TFunction<'wmsLocation'>, crud: CrudList<WmsLocationRecord, Filters>): DataColumn<WmsLocationRecord>[] {
  return [
    monoColumn<WmsLocationRecord>('code', t('field.code'), (row) => row.code, { sortable: true, strong: true }),
    { id: 'locationType', header: t('field.locationType'), sortable: true, cell: (row) => <Badge size="sm" variant="subtle" colorPalette={row.locationType === 'pick' ? 'blue' : row.locationType === 'quarantine' ? 'red' : 'gray'}>{t(`type.${row.locationType}`, { defaultValue: row.locationType })}</Badge> },
    monoColumn<WmsLocationRecord>('warehouse', t('field.warehouse'), (row) => row.warehouse, { hideBelow: 'md' }),
    monoColumn<WmsLocationRecord>('zone', t('field.zone'), (row) => row.zone, { hideBelow: 'lg' }),
    { id: 'held', header: t('field.held'), sortable: true, cell: (row) => <Fill held={row.held} capacity={row.capacity} /> },
    createTimeColumn(t('field.createTime')),
    editDeleteColumn('text', crud.actions),
  ];
}

export default function LocationListPage() {
  const { t } = useTranslation('wmsLocation');
  const crud = useCrudList<WmsLocationRecord, Filters>(LOCATION_LIST_PATH, {
    name: 'location',
    permission: LOCATION_PERMISSION,
    ns: 'wmsLocation',
    emptyFilters: EMPTY,
    defaultSort: { column: 'code', order: 'asc' },
    remove: deleteLocations,
    describe: (record) => t('delete.description', { name: record.code }),
    exportPath: LOCATION_EXPORT_PATH,
  });
  const selected = crud.list.selection;
  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      columns={locationColumns(t, crud)}
      filters={
        <>
          <FilterText page={crud} name="keyWord" label={t('field.code')} placeholder={t('filter.codePlaceholder')} fontFamily="mono" testId="location-search-code" />
          <FilterText page={crud} name="warehouse" label={t('field.warehouse')} fontFamily="mono" testId="location-search-warehouse" />
          <FilterText page={crud} name="zone" label={t('field.zone')} fontFamily="mono" testId="location-search-zone" />
          <FilterSelect page={crud} name="locationType" label={t('field.locationType')} options={labelled(LOCATION_TYPES, (value) => t(`type.${value}`))} allLabel={t('filter.all')} testId="location-search-type" />
        </>
      }
      toolbar={{
        children: (
          <Button size="sm" variant="outline" disabled={selected.length === 0} onClick={() => void openLocationLabels(selected)} data-testid="location-labels">
            <PrinterIcon />
            {t('action.labels', { count: selected.length })}
          </Button>
        ),
      }}
      table={{ selectable: true }}
      dialogs={<LocationFormDialog {...crud.form.dialog} />}
    />
  );
}
