import { Alert, Button, CloseButton, Text, VisuallyHidden } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../components/Authorized';
import type { DataColumn } from '../../../components/DataTable';
import { FileTextIcon, PlusIcon, UploadIcon } from '../../../components/icons';
import {
  actionsColumn,
  codeColumn,
  createTimeColumn,
  FilterSelect,
  FilterText,
  ListEmpty,
  ListPage,
  ListSearchBar,
  ListTable,
  ListToolbar,
  RowMenu,
  useCsvExport,
  useDeleteRecords,
  useDownload,
  useInvalidateList,
  useListPage,
} from '../../../components/list';
import { toaster } from '../../../components/ui/toaster';
import { useButtonState } from '../../../hooks/useButtonState';
import { showTime } from '../../../lib/utcTime';
import { deleteRateCard, IMPORT_MAX_BYTES, importErrors, importRateCard, RATE_CARD_EXPORT_PATH, RATE_CARD_LIST_PATH, rateCardKeys } from './api';
import { ImportErrorsDialog } from './ImportErrorsDialog';
import { RateCardEditor, type EditorTarget } from './RateCardEditor';
import { RateCardStateTag, stateLabel } from './RateCardStateTag';
import { RATE_CARD_STATES, type ImportRowError, type RateCardDetail, type RateCardRecord } from './types';

/** The filters (in the URL) and their empty values: `code` shows the versions of one card code (a row's "versions"). */
const EMPTY = { keyWord: '', state: '', code: '' };
type Filters = typeof EMPTY;

const count = (value: number | null | undefined) => (value === null || value === undefined ? '—' : String(value));

interface ColumnDeps {
  t: TFunction<'rateCard'>;
  onEdit: (record: RateCardRecord) => void;
  onAction: (record: RateCardRecord, action: string) => void;
  canEdit: boolean;
}

function rateCardColumns({ t, onEdit, onAction, canEdit }: ColumnDeps): DataColumn<RateCardRecord>[] {
  return [
    codeColumn(t('field.code')),
    { id: 'name', header: t('field.name'), minWidth: '140px' },
    {
      id: 'currency',
      header: t('field.currency'),
      hideBelow: 'md',
      cell: (row) => (
        <Text fontFamily="mono" textStyle="sm">
          {row.currency}
        </Text>
      ),
    },
    { id: 'effectiveFrom', header: t('field.effectiveFrom'), sortable: true, cell: (row) => <Text whiteSpace="nowrap">{row.effectiveFrom}</Text> },
    { id: 'state', header: t('field.state'), cell: (row) => <RateCardStateTag state={row.state} /> },
    { id: 'zoneCount', header: t('field.zoneCount'), textAlign: 'end', hideBelow: 'lg', cell: (row) => count(row.zoneCount) },
    { id: 'priceCount', header: t('field.priceCount'), textAlign: 'end', hideBelow: 'lg', cell: (row) => count(row.priceCount) },
    { id: 'productCount', header: t('field.productCount'), textAlign: 'end', hideBelow: 'md', cell: (row) => count(row.productCount) },
    createTimeColumn<RateCardRecord>(t('field.createTime'), 'xl'),
    actionsColumn<RateCardRecord>('text', (row) => [
      { kind: 'edit', label: canEdit ? undefined : t('action.view'), onClick: () => onEdit(row), testId: 'rate-card-edit' },
      <RowMenu
        key="more"
        ariaLabel={t('rowActions', { code: row.code, date: row.effectiveFrom })}
        testId="rate-card-more"
        minWidth="44"
        items={[
          { value: 'version', label: t('action.newVersion'), action: 'logistics:rateCard:add', testId: 'rate-card-new-version', onSelect: () => onAction(row, 'version') },
          { value: 'versions', label: t('action.versions'), testId: 'rate-card-versions', onSelect: () => onAction(row, 'versions') },
          { value: 'export', label: t('action.exportXlsx'), action: 'logistics:rateCard:export', testId: 'rate-card-export-xlsx', onSelect: () => onAction(row, 'export') },
          { value: 'delete', label: t('action.delete', { ns: 'dataTable' }), action: 'logistics:rateCard:delete', danger: true, testId: 'rate-card-delete', onSelect: () => onAction(row, 'delete') },
        ]}
      />,
    ]),
  ];
}

/** File name of a card's workbook when the server names none. */
const workbookName = (record: Pick<RateCardRecord, 'code' | 'effectiveFrom'>) => `${record.code}-${record.effectiveFrom}.xlsx`;

/**
 * Rate cards (报价卡): search, state filter, server paging and sort, version history per code,
 * add / edit / new version in a full-screen editor, Excel import and export, CSV of the table.
 */
export default function RateCardListPage() {
  const { t } = useTranslation('rateCard');
  const queryClient = useQueryClient();
  const canEdit = useButtonState('logistics:rateCard:edit') === 'visible';
  const [editor, setEditor] = useState<EditorTarget>();
  const [importing, setImporting] = useState(false);
  const [importFailure, setImportFailure] = useState<{ message: string; errors: ImportRowError[]; file: string }>();
  const fileInput = useRef<HTMLInputElement>(null);
  const page = useListPage<RateCardRecord, Filters>(RATE_CARD_LIST_PATH, {
    emptyFilters: EMPTY,
    // A card's versions: newest start first; otherwise newest first.
    defaultSort: (filters) => (filters.code ? { column: 'effectiveFrom', order: 'desc' } : { column: 'createTime', order: 'desc' }),
  });
  const { list, filters } = page;
  const versionsOf = filters.code;
  const refresh = useInvalidateList(RATE_CARD_LIST_PATH);
  const download = useDownload();

  const remover = useDeleteRecords<RateCardRecord>({
    list,
    // "In use" and the like: the server's reason, and nothing to retry in the dialog.
    removeOne: (record) =>
      deleteRateCard(record.id).catch((failure: unknown) => {
        toaster.create({ type: 'error', title: t('delete.failed'), description: failure instanceof Error ? failure.message : String(failure), duration: 6000, closable: true });
        return undefined;
      }),
    title: t('delete.title'),
    describe: (record) => t('delete.description', { code: record.code, date: record.effectiveFrom }),
    testId: 'rate-card-delete-confirm',
  });

  const onAction = (record: RateCardRecord, action: string) => {
    if (action === 'version') setEditor({ mode: 'version', id: record.id });
    else if (action === 'versions') page.search({ ...EMPTY, code: record.code }, { resetSort: true });
    else if (action === 'export') void download(RATE_CARD_EXPORT_PATH, { id: record.id }, workbookName(record));
    else if (action === 'delete') remover.askDelete(record);
  };

  const exporter = useCsvExport<RateCardRecord>({
    path: RATE_CARD_LIST_PATH,
    filters,
    sort: list.sort,
    filename: t('exportName'),
    columns: () => [
      { header: t('field.code'), value: (row) => row.code },
      { header: t('field.name'), value: (row) => row.name },
      { header: t('field.currency'), value: (row) => row.currency },
      { header: t('field.effectiveFrom'), value: (row) => row.effectiveFrom },
      { header: t('field.state'), value: (row) => stateLabel(t, row.state) },
      { header: t('field.zoneCount'), value: (row) => row.zoneCount },
      { header: t('field.priceCount'), value: (row) => row.priceCount },
      { header: t('field.productCount'), value: (row) => row.productCount },
      { header: t('field.createTime'), value: (row) => showTime(row.createTime) },
    ],
  });

  const onFile = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    if (!file.name.toLowerCase().endsWith('.xlsx')) {
      toaster.create({ type: 'error', title: t('import.notXlsx'), duration: 4000, closable: true });
      return;
    }
    if (file.size > IMPORT_MAX_BYTES) {
      toaster.create({ type: 'error', title: t('import.tooLarge', { size: 5 }), duration: 4000, closable: true });
      return;
    }
    setImporting(true);
    const toastId = toaster.create({ type: 'loading', title: t('import.uploading', { name: file.name }), duration: Infinity });
    try {
      const envelope = await importRateCard(file);
      toaster.update(toastId, { type: 'success', title: envelope.message || t('import.done'), duration: 3000 });
      await refresh();
      const saved = envelope.result;
      if (saved?.id) {
        queryClient.setQueryData<RateCardDetail>(rateCardKeys.detail(saved.id), saved);
        setEditor({ mode: 'edit', id: saved.id });
      }
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      const errors = importErrors(failure);
      if (errors) {
        toaster.dismiss(toastId);
        setImportFailure({ message, errors, file: file.name });
      } else {
        toaster.update(toastId, { type: 'error', title: t('import.failed'), description: message, duration: 5000, closable: true });
      }
    } finally {
      setImporting(false);
    }
  };

  const columns = rateCardColumns({ t, onEdit: (record) => setEditor({ mode: 'edit', id: record.id }), onAction, canEdit });
  const add = () => setEditor({ mode: 'add' });
  const chooseFile = () => fileInput.current?.click();

  return (
    <ListPage
      testId="rate-card-page"
      search={
        <ListSearchBar page={page} onSearch={() => page.search({ ...page.draft, code: filters.code })} testId="rate-card-search">
          <FilterText page={page} name="keyWord" label={t('filter.keyWord')} placeholder={t('filter.keyWordPlaceholder')} testId="rate-card-search-keyword" />
          <FilterSelect
            page={page}
            name="state"
            label={t('filter.state')}
            options={RATE_CARD_STATES.map((state) => ({ value: state, label: t(`state.${state}`) }))}
            allLabel={t('filter.allStates')}
            testId="rate-card-search-state"
          />
        </ListSearchBar>
      }
      toolbar={
        <ListToolbar
          testIdPrefix="rate-card"
          add={{ action: 'logistics:rateCard:add', label: t('add'), onClick: add }}
          leading={
            <>
              <Authorized action="logistics:rateCard:import">
                <Button size="sm" variant="outline" loading={importing} onClick={chooseFile} data-testid="rate-card-import">
                  <UploadIcon />
                  {t('import.button')}
                </Button>
              </Authorized>
              <Authorized action="logistics:rateCard:import">
                <Button size="sm" variant="ghost" onClick={() => void download(RATE_CARD_EXPORT_PATH, {}, t('import.templateName'))} data-testid="rate-card-template">
                  <FileTextIcon />
                  {t('import.template')}
                </Button>
              </Authorized>
              <VisuallyHidden>
                <input
                  ref={fileInput}
                  type="file"
                  accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  tabIndex={-1}
                  aria-label={t('import.button')}
                  data-testid="rate-card-import-file"
                  onChange={(event) => void onFile(event.currentTarget.files?.[0])}
                />
              </VisuallyHidden>
            </>
          }
          exporter={exporter}
          exportAction="logistics:rateCard:export"
        />
      }
      dialogs={
        <>
          <RateCardEditor
            target={editor}
            onClose={() => setEditor(undefined)}
            onSaved={(saved) => {
              void refresh();
              if (saved.id) queryClient.setQueryData<RateCardDetail>(rateCardKeys.detail(saved.id), saved);
            }}
          />
          <ImportErrorsDialog failure={importFailure} onClose={() => setImportFailure(undefined)} />
          {remover.dialog}
        </>
      }
    >
      {versionsOf ? (
        <Alert.Root status="info" size="sm" data-testid="rate-card-versions-banner">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('versions.title', { code: versionsOf })}</Alert.Title>
            <Alert.Description>{t('versions.description')}</Alert.Description>
          </Alert.Content>
          <CloseButton
            size="sm"
            alignSelf="flex-start"
            aria-label={t('versions.clear')}
            title={t('versions.clear')}
            onClick={() => page.search({ ...filters, code: '' }, { resetSort: true })}
            data-testid="rate-card-versions-clear"
          />
        </Alert.Root>
      ) : null}
      <ListTable
        list={list}
        columns={columns}
        getRowId={(row) => row.id}
        emptyState={
          filters.keyWord || filters.state || filters.code ? undefined : (
            <ListEmpty icon={<FileTextIcon />} title={t('empty.title')} description={t('empty.description')} testId="rate-card-empty">
              <Authorized action="logistics:rateCard:add">
                <Button size="sm" onClick={add}>
                  <PlusIcon />
                  {t('add')}
                </Button>
              </Authorized>
              <Authorized action="logistics:rateCard:import">
                <Button size="sm" variant="outline" onClick={chooseFile}>
                  <UploadIcon />
                  {t('import.button')}
                </Button>
              </Authorized>
            </ListEmpty>
          )
        }
        caption={t('caption')}
        testId="rate-card-table"
      />
    </ListPage>
  );
}
