/**
 * Manifests: each carrier's closed days at a depot, newest first: search by number, carrier,
 * depot and day; paging, sort; the server's xlsx export (`logistics:manifest:export`). Each row
 * downloads its PDF and workbook (in the reader's language). "Close a day's manifest"
 * (`logistics:manifest:close`) closes a carrier's day at a depot and shows the new manifest.
 */
import { Button, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../components/Authorized';
import type { DataColumn } from '../../../components/DataTable';
import { FileCheckIcon } from '../../../components/icons';
import { actionsColumn, CrudListPage, FilterSelect, FilterText, ListEmpty, ListSubtitle, monoColumn, TwoLines, useCrudList } from '../../../components/list';
import { showTime } from '../../../lib/utcTime';
import { useCarrierDepotChoices } from '../dispatch/CarrierDepotFields';
import { Kilograms } from '../../warehouse/OutPackageList';
import { MANIFEST_CLOSE_PERMISSION, MANIFEST_EXPORT_PATH, MANIFEST_EXPORT_PERMISSION, MANIFEST_LIST_PATH, MANIFEST_PERMISSION, type ManifestRecord } from './api';
import { ManifestCloseDialog, ManifestDownloads } from './ManifestCloseDialog';

/** The filters (in the URL) and their empty values; the day is `YYYY-MM-DD`. */
const EMPTY = { manifestNo: '', supplierId: '', depotId: '', manifestDate: '' };
type Filters = typeof EMPTY;

function manifestColumns(t: TFunction<'manifest'>): DataColumn<ManifestRecord>[] {
  return [
    monoColumn<ManifestRecord>('manifestNo', t('field.manifestNo'), (row) => row.manifestNo, { sortable: true, strong: true }),
    { id: 'supplierId', header: t('field.carrier'), cell: (row) => row.supplierName || '—' },
    { id: 'depotId', header: t('field.depot'), hideBelow: 'md', cell: (row) => row.depotName || '—' },
    monoColumn<ManifestRecord>('manifestDate', t('field.manifestDate'), (row) => row.manifestDate, { sortable: true, hideBelow: 'sm' }),
    { id: 'dispatches', header: t('field.dispatches'), textAlign: 'end', hideBelow: 'lg', cell: (row) => <Text textAlign="end">{row.dispatches}</Text> },
    { id: 'shipments', header: t('field.shipments'), textAlign: 'end', cell: (row) => <Text textAlign="end">{row.shipments}</Text> },
    { id: 'pieces', header: t('field.pieces'), textAlign: 'end', hideBelow: 'md', cell: (row) => <Text textAlign="end">{row.pieces}</Text> },
    { id: 'weight', header: t('field.weight'), textAlign: 'end', hideBelow: 'md', cell: (row) => <Kilograms value={row.weight} /> },
    monoColumn<ManifestRecord>('carrierRef', t('field.carrierRef'), (row) => row.carrierRef, { hideBelow: 'xl' }),
    { id: 'createTime', header: t('field.closed'), sortable: true, hideBelow: 'lg', cell: (row) => <TwoLines first={showTime(row.createTime) || '—'} second={row.createBy} /> },
    // The files, with each download's own progress.
    actionsColumn<ManifestRecord>('text', (row) => [<ManifestDownloads key="files" manifest={row} />]),
  ];
}

export default function ManifestListPage() {
  const { t } = useTranslation('manifest');
  const choices = useCarrierDepotChoices();
  const [closing, setClosing] = useState(false);
  const crud = useCrudList<ManifestRecord, Filters>(MANIFEST_LIST_PATH, {
    name: 'manifest',
    permission: MANIFEST_PERMISSION,
    ns: 'manifest',
    emptyFilters: EMPTY,
    describe: (row) => row.manifestNo,
    exportPath: MANIFEST_EXPORT_PATH,
  });
  const closeButton = (
    <Authorized action={MANIFEST_CLOSE_PERMISSION}>
      <Button size="sm" onClick={() => setClosing(true)} data-testid="manifest-close-open">
        <FileCheckIcon />
        {t('action.close')}
      </Button>
    </Authorized>
  );
  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      subtitle={<ListSubtitle>{t('subtitle')}</ListSubtitle>}
      columns={manifestColumns(t)}
      search={{ visibleOnPhone: 2 }}
      filters={
        <>
          <FilterText page={crud} name="manifestNo" label={t('filter.manifestNo')} placeholder={t('filter.manifestNoPlaceholder')} fontFamily="mono" transform={(value) => value.toUpperCase()} testId="manifest-search-no" />
          <FilterSelect page={crud} name="supplierId" label={t('filter.carrier')} options={choices.carriers} allLabel={t('filter.all')} loading={choices.carriersLoading} testId="manifest-search-carrier" />
          <FilterSelect page={crud} name="depotId" label={t('filter.depot')} options={choices.depots} allLabel={t('filter.all')} loading={choices.depotsLoading} testId="manifest-search-depot" />
          <FilterText page={crud} name="manifestDate" label={t('filter.manifestDate')} type="date" testId="manifest-search-date" />
        </>
      }
      toolbar={{ add: undefined, leading: closeButton, exportAction: MANIFEST_EXPORT_PERMISSION }}
      table={{ emptyState: <ListEmpty icon={<FileCheckIcon />} title={t('empty')} description={t('emptyDescription')} testId="manifest-empty" /> }}
      dialogs={<ManifestCloseDialog open={closing} onOpenChange={setClosing} target={{ supplierId: crud.filters.supplierId || undefined, depotId: crud.filters.depotId || undefined }} />}
    />
  );
}
