/**
 * Carrier labels (Carrier management → labels): the labels carriers supplied for orders whose
 * channel product says so, issued through the carrier's adapter on the first print or uploaded.
 * Search by order or carrier number, open the PDF, upload one, delete one so the next print
 * fetches it again, export the list.
 */
import { Button } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../components/Authorized';
import type { DataColumn } from '../../components/DataTable';
import { UploadIcon } from '../../components/icons';
import { createTimeColumn, CrudListPage, editDeleteColumn, FilterSelect, FilterText, monoColumn, tagColumn, useCrudList, useInvalidateList } from '../../components/list';
import { showNotice } from '../../api/client';
import { CARRIER_LABEL_EXPORT_PATH, CARRIER_LABEL_LIST_PATH, CARRIER_LABEL_UPLOAD_PERMISSION, carrierLabelFile, deleteCarrierLabels, type CarrierLabelRecord, type CarrierLabelTarget } from './api';
import { CarrierLabelUploadDialog } from './CarrierLabelUploadDialog';

const EMPTY = { numbers: '', source: '', carrier: '' };
const SOURCES = ['carrier', 'upload'] as const;
type T = TFunction<'carrierLabel'>;

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Opens a kept label's PDF in a new tab (the browser's viewer prints it). */
async function openLabel(row: CarrierLabelRecord) {
  const tab = window.open('', '_blank');
  try {
    const blob = await carrierLabelFile(row.id);
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (failure) {
    tab?.close();
    showNotice(failure instanceof Error ? failure.message : String(failure));
  }
}

function labelColumns(t: T, actions: Parameters<typeof editDeleteColumn<CarrierLabelRecord>>[1]): DataColumn<CarrierLabelRecord>[] {
  return [
    monoColumn<CarrierLabelRecord>('serialNumber', t('field.serialNumber'), (row) => row.serialNumber, { sortable: true, strong: true }),
    monoColumn<CarrierLabelRecord>('trackNo', t('field.trackNo'), (row) => row.trackNo, { sortable: true }),
    tagColumn<CarrierLabelRecord>({ id: 'source', header: t('field.source'), colorPalette: 'purple', label: (row) => t(`source.${row.source as 'carrier'}`) }),
    { id: 'carrier', header: t('field.carrier'), hideBelow: 'md', sortable: true, cell: (row) => row.carrier || '—' },
    { id: 'fileSize', header: t('field.fileSize'), hideBelow: 'lg', sortable: true, cell: (row) => kilobytes(row.fileSize) },
    { id: 'createBy', header: t('field.createBy'), hideBelow: 'xl' },
    createTimeColumn(t('field.createTime')),
    editDeleteColumn('text', {
      ...actions,
      onEdit: undefined,
      more: (row) => [{ label: t('action.open'), onClick: () => void openLabel(row), testId: 'carrier-label-open' }],
    }),
  ];
}

export default function CarrierLabelListPage() {
  const { t } = useTranslation('carrierLabel');
  const [uploading, setUploading] = useState<CarrierLabelTarget>();
  const invalidate = useInvalidateList(CARRIER_LABEL_LIST_PATH);
  const crud = useCrudList<CarrierLabelRecord, typeof EMPTY>(CARRIER_LABEL_LIST_PATH, {
    name: 'carrierLabel',
    permission: 'logistics:carrierLabel',
    ns: 'carrierLabel',
    emptyFilters: EMPTY,
    remove: deleteCarrierLabels,
    exportPath: CARRIER_LABEL_EXPORT_PATH,
    describe: (row) => t('delete.description', { serial: row.serialNumber }),
  });
  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      subtitle={t('subtitle')}
      columns={labelColumns(t, crud.actions)}
      filters={
        <>
          <FilterText page={crud} name="numbers" label={t('filter.numbers')} placeholder={t('filter.numbersPlaceholder')} testId="carrier-label-search-numbers" />
          <FilterSelect page={crud} name="source" immediate label={t('field.source')} options={SOURCES.map((s) => ({ value: s, label: t(`source.${s}`) }))} allLabel={t('filter.all')} testId="carrier-label-search-source" />
          <FilterText page={crud} name="carrier" label={t('field.carrier')} testId="carrier-label-search-carrier" />
        </>
      }
      toolbar={{
        leading: (
          <Authorized action={CARRIER_LABEL_UPLOAD_PERMISSION}>
            <Button size="sm" onClick={() => setUploading({})} data-testid="carrier-label-upload-open">
              <UploadIcon />
              {t('upload.button')}
            </Button>
          </Authorized>
        ),
        exportAction: 'logistics:carrierLabel:export',
      }}
      table={{ selectable: true, getRowId: (row) => row.id }}
      dialogs={<CarrierLabelUploadDialog target={uploading} onClose={() => setUploading(undefined)} onUploaded={() => void invalidate()} />}
    />
  );
}
