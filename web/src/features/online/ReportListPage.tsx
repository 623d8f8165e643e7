/**
 * Online reports (the platform's staff, JeecgBoot's `onl_cgreport`): each a parameterized,
 * read-only SELECT with its columns and query fields, over the platform's database or a data
 * source. Search by code or name; add and edit in the report editor; preview a report in the
 * popup picker (multiple selection), as the forms that use it will show it; delete, batch delete
 * and the server's xlsx export.
 */
import { Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/DataTable';
import { actionsColumn, codeColumn, createTimeColumn, CrudListPage, editDeleteActions, FilterText, toastSuccess, TwoLines, useCrudList, type CrudList } from '../../components/list';
import { useKeptWhileClosing } from '../../components/form/RecordFormDialog';
import { PopupPicker } from '../../components/popup';
import { deleteReport, deleteReports, REPORT_EXPORT_PATH, REPORT_LIST_PATH, REPORT_PERMISSION, type ReportRecord } from './api';
import { ReportFormDialog } from './ReportFormDialog';

const EMPTY = { name: '' };
type Filters = typeof EMPTY;

function reportColumns(t: TFunction<'onlReport'>, crud: CrudList<ReportRecord, Filters>, onPreview: (row: ReportRecord) => void): DataColumn<ReportRecord>[] {
  return [
    codeColumn<ReportRecord>(t('field.code')),
    { id: 'name', header: t('field.name'), sortable: true, minWidth: '160px', cell: (row) => <TwoLines first={row.name} second={row.nameEn} /> },
    {
      id: 'dbSource',
      header: t('field.dbSource'),
      sortable: true,
      hideBelow: 'md',
      cell: (row) =>
        row.dbSource ? (
          <Text fontFamily="mono" textStyle="sm">
            {row.dbSource}
          </Text>
        ) : (
          <Text textStyle="sm" color="fg.muted">
            {t('form.platformDb')}
          </Text>
        ),
    },
    createTimeColumn(t('field.createTime')),
    actionsColumn<ReportRecord>('text', (row) =>
      editDeleteActions(row, {
        ...crud.actions,
        more: () => [{ label: t('action.preview'), onClick: () => onPreview(row), testId: 'report-preview', ariaLabel: t('action.previewOf', { name: row.name }) }],
      }),
    ),
  ];
}

export default function ReportListPage() {
  const { t } = useTranslation('onlReport');
  const [preview, setPreview] = useState<ReportRecord>();
  // The picker keeps its report while it closes.
  const previewed = useKeptWhileClosing(preview);
  const crud = useCrudList<ReportRecord, Filters>(REPORT_LIST_PATH, {
    name: 'report',
    permission: REPORT_PERMISSION,
    ns: 'onlReport',
    emptyFilters: EMPTY,
    remove: deleteReports,
    removeOne: (record) => deleteReport(record.id),
    describe: (record) => t('delete.description', { name: record.name }),
    exportPath: REPORT_EXPORT_PATH,
  });
  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      columns={reportColumns(t, crud, setPreview)}
      filters={<FilterText page={crud} name="name" label={t('filter.name')} placeholder={t('filter.namePlaceholder')} testId="report-search-name" />}
      dialogs={
        <>
          <ReportFormDialog {...crud.form.dialog} />
          <PopupPicker
            open={preview !== undefined}
            onOpenChange={(open) => {
              if (!open) setPreview(undefined);
            }}
            code={previewed?.code ?? ''}
            multi
            testId="report-preview-picker"
            onOk={(rows) => toastSuccess(t('preview.picked', { count: rows.length }))}
          />
        </>
      }
    />
  );
}
