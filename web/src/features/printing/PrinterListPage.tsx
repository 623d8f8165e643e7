import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/DataTable';
import { createTimeColumn, CrudListPage, editDeleteColumn, FilterSelect, FilterText, tagColumn, useCrudList, type CrudList } from '../../components/list';
import { deletePrinters, LABEL_SIZES, PRINTER_EXPORT_PATH, PRINTER_LIST_PATH, type PrinterRecord } from './api';
import { PrinterFormDialog } from './PrinterFormDialog';

const EMPTY = { printerName: '', paperFormat: '' };
type Filters = typeof EMPTY;
type T = TFunction<'printer'>;

function printerColumns(t: T, crud: CrudList<PrinterRecord, Filters>): DataColumn<PrinterRecord>[] {
  return [
    { id: 'printerName', header: t('field.printerName'), sortable: true, minWidth: '180px' },
    tagColumn<PrinterRecord>({ id: 'paperFormat', header: t('field.paperFormat'), colorPalette: 'blue', label: (row) => t(`size.${row.paperFormat as '100x150'}`) }),
    tagColumn<PrinterRecord>({ id: 'outputFormat', header: t('field.outputFormat'), colorPalette: 'purple', label: (row) => t(`format.${row.outputFormat as 'pdf'}`) }),
    { id: 'dpi', header: t('field.dpi'), hideBelow: 'md', cell: (row) => `${row.dpi} dpi` },
    { id: 'paper', header: t('field.paper'), hideBelow: 'md', cell: (row) => `${row.width} × ${row.height} mm` },
    tagColumn<PrinterRecord>({ id: 'izDefault', header: t('field.izDefault'), colorPalette: 'green', label: (row) => (row.izDefault === 1 ? t('default') : null) }),
    { id: 'izPreview', header: t('field.izPreview'), hideBelow: 'lg', cell: (row) => (row.izPreview === 1 ? t('yes') : t('no')) },
    createTimeColumn(t('field.createTime')),
    editDeleteColumn('text', crud.actions),
  ];
}

/** The signed-in user's printers: one per label size as its default, PDF or ZPL, the paper and the resolution. */
export default function PrinterListPage() {
  const { t } = useTranslation('printer');
  const crud = useCrudList<PrinterRecord, Filters>(PRINTER_LIST_PATH, {
    name: 'printer',
    permission: 'logistics:printer',
    ns: 'printer',
    emptyFilters: EMPTY,
    remove: deletePrinters,
    describe: (record) => t('delete.description', { name: record.printerName }),
    exportPath: PRINTER_EXPORT_PATH,
  });
  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      columns={printerColumns(t, crud)}
      filters={
        <>
          <FilterText page={crud} name="printerName" label={t('field.printerName')} placeholder={t('namePlaceholder')} testId="printer-search-name" />
          <FilterSelect page={crud} name="paperFormat" label={t('field.paperFormat')} options={LABEL_SIZES.map((s) => ({ value: s, label: t(`size.${s}`) }))} allLabel={t('all')} testId="printer-search-paper" />
        </>
      }
      dialogs={<PrinterFormDialog {...crud.form.dialog} />}
    />
  );
}
