import { Alert, Box, Button, Card, CloseButton, EmptyState, Field, Flex, HStack, Input, Menu, NativeSelect, Portal, Stack, Text, VisuallyHidden, VStack } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../components/Authorized';
import { useConfirm } from '../../../components/ConfirmDialog';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { ChevronDownIcon, DownloadIcon, FileTextIcon, PlusIcon, UploadIcon } from '../../../components/icons';
import { SearchBar } from '../../../components/SearchBar';
import { toaster } from '../../../components/ui/toaster';
import { useButtonState } from '../../../hooks/useButtonState';
import { useServerList } from '../../../hooks/useServerList';
import { datedFilename, exportAll, type CsvColumn } from '../../../lib/export';
import {
  deleteRateCard,
  downloadExport,
  IMPORT_MAX_BYTES,
  importErrors,
  importRateCard,
  RATE_CARD_LIST_PATH,
  rateCardKeys,
} from './api';
import { ImportErrorsDialog } from './ImportErrorsDialog';
import { RateCardEditor, type EditorTarget } from './RateCardEditor';
import { RateCardStateTag, stateLabel } from './RateCardStateTag';
import { RATE_CARD_STATES, type ImportRowError, type RateCardDetail, type RateCardRecord } from './types';

/** A type alias (not an interface) so that it fits the list's filter record. */
type Filters = {
  keyWord: string;
  state: string;
  code: string;
};

const EMPTY: Filters = { keyWord: '', state: '', code: '' };

const count = (value: number | null | undefined) => (value === null || value === undefined ? '—' : String(value));

interface ColumnDeps {
  t: TFunction<'rateCard'>;
  onEdit: (record: RateCardRecord) => void;
  onAction: (record: RateCardRecord, action: string) => void;
  canEdit: boolean;
}

function rateCardColumns({ t, onEdit, onAction, canEdit }: ColumnDeps): DataColumn<RateCardRecord>[] {
  return [
    {
      id: 'code',
      header: t('field.code'),
      sortable: true,
      cell: (row) => (
        <Text fontFamily="mono" textStyle="sm" fontWeight="medium">
          {row.code}
        </Text>
      ),
    },
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
    { id: 'createTime', header: t('field.createTime'), sortable: true, hideBelow: 'xl', cell: (row) => <Text whiteSpace="nowrap">{row.createTime ?? '—'}</Text> },
    {
      id: 'actions',
      header: t('action.actions', { ns: 'dataTable' }),
      sticky: true,
      cell: (row) => (
        <HStack gap="1">
          <Button size="xs" variant="ghost" colorPalette="blue" onClick={() => onEdit(row)} data-testid="rate-card-edit">
            {canEdit ? t('action.edit', { ns: 'dataTable' }) : t('action.view')}
          </Button>
          <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={(details) => onAction(row, details.value)}>
            <Menu.Trigger asChild>
              <Button size="xs" variant="ghost" aria-label={t('rowActions', { code: row.code, date: row.effectiveFrom })} data-testid="rate-card-more">
                {t('action.more', { ns: 'dataTable' })}
                <ChevronDownIcon />
              </Button>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content minW="44">
                  <Authorized action="logistics:rateCard:add">
                    <Menu.Item value="version" data-testid="rate-card-new-version">
                      {t('action.newVersion')}
                    </Menu.Item>
                  </Authorized>
                  <Menu.Item value="versions" data-testid="rate-card-versions">
                    {t('action.versions')}
                  </Menu.Item>
                  <Authorized action="logistics:rateCard:export">
                    <Menu.Item value="export" data-testid="rate-card-export-xlsx">
                      {t('action.exportXlsx')}
                    </Menu.Item>
                  </Authorized>
                  <Authorized action="logistics:rateCard:delete">
                    <Menu.Item value="delete" color="fg.error" _hover={{ bg: 'bg.error', color: 'fg.error' }} data-testid="rate-card-delete">
                      {t('action.delete', { ns: 'dataTable' })}
                    </Menu.Item>
                  </Authorized>
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        </HStack>
      ),
    },
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
  const { confirm, dialog } = useConfirm();
  const canEdit = useButtonState('logistics:rateCard:edit') === 'visible';
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [editor, setEditor] = useState<EditorTarget>();
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const [importFailure, setImportFailure] = useState<{ message: string; errors: ImportRowError[]; file: string }>();
  const fileInput = useRef<HTMLInputElement>(null);
  const versionsOf = filters.code;
  const defaultSort = useMemo(
    () => (versionsOf ? { column: 'effectiveFrom', order: 'desc' as const } : { column: 'createTime', order: 'desc' as const }),
    [versionsOf],
  );
  const list = useServerList<RateCardRecord>(RATE_CARD_LIST_PATH, filters, { defaultSort });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['list', RATE_CARD_LIST_PATH] });

  const download = async (id: string | undefined, fallbackName: string) => {
    const toastId = toaster.create({ type: 'loading', title: t('export.preparing'), duration: Infinity });
    try {
      await downloadExport(id, fallbackName);
      toaster.update(toastId, { type: 'success', title: t('export.done'), duration: 3000 });
    } catch (failure) {
      toaster.update(toastId, {
        type: 'error',
        title: t('export.failed'),
        description: failure instanceof Error ? failure.message : String(failure),
        duration: 5000,
        closable: true,
      });
    }
  };

  const askDelete = (record: RateCardRecord) =>
    confirm({
      title: t('delete.title'),
      description: t('delete.description', { code: record.code, date: record.effectiveFrom }),
      testId: 'rate-card-delete-confirm',
      onConfirm: async () => {
        try {
          const envelope = await deleteRateCard(record.id);
          toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
          await refresh();
        } catch (failure) {
          // "In use" and the like: the server's reason, and nothing to retry in the dialog.
          toaster.create({
            type: 'error',
            title: t('delete.failed'),
            description: failure instanceof Error ? failure.message : String(failure),
            duration: 6000,
            closable: true,
          });
        }
      },
    });

  const showVersions = (code: string) => {
    const next = { ...EMPTY, code };
    setDraft({ ...EMPTY });
    setFilters(next);
    list.setSort(undefined);
  };

  const onAction = (record: RateCardRecord, action: string) => {
    if (action === 'version') setEditor({ mode: 'version', id: record.id });
    else if (action === 'versions') showVersions(record.code);
    else if (action === 'export') void download(record.id, workbookName(record));
    else if (action === 'delete') askDelete(record);
  };

  const exportCsv = async () => {
    const columns: CsvColumn<RateCardRecord>[] = [
      { header: t('field.code'), value: (row) => row.code },
      { header: t('field.name'), value: (row) => row.name },
      { header: t('field.currency'), value: (row) => row.currency },
      { header: t('field.effectiveFrom'), value: (row) => row.effectiveFrom },
      { header: t('field.state'), value: (row) => stateLabel(t, row.state) },
      { header: t('field.zoneCount'), value: (row) => row.zoneCount },
      { header: t('field.priceCount'), value: (row) => row.priceCount },
      { header: t('field.productCount'), value: (row) => row.productCount },
      { header: t('field.createTime'), value: (row) => row.createTime },
    ];
    setExporting(true);
    try {
      await exportAll(RATE_CARD_LIST_PATH, filters, columns, { filename: datedFilename(t('exportName')), sort: list.sort });
    } catch {
      // The export toast and the API notice said why.
    } finally {
      setExporting(false);
    }
  };

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

  return (
    <Stack gap="4" data-testid="rate-card-page" minWidth="0">
      <SearchBar
        onSearch={() => setFilters({ ...draft, code: filters.code })}
        onReset={() => {
          setDraft(EMPTY);
          setFilters(EMPTY);
        }}
        loading={list.loading}
        testId="rate-card-search"
      >
        <Field.Root>
          <Field.Label>{t('filter.keyWord')}</Field.Label>
          <Input
            size="sm"
            value={draft.keyWord}
            onChange={(event) => setDraft({ ...draft, keyWord: event.currentTarget.value })}
            placeholder={t('filter.keyWordPlaceholder')}
            data-testid="rate-card-search-keyword"
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('filter.state')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={draft.state} onChange={(event) => setDraft({ ...draft, state: event.currentTarget.value })} data-testid="rate-card-search-state">
              <option value="">{t('filter.allStates')}</option>
              {RATE_CARD_STATES.map((state) => (
                <option key={state} value={state}>
                  {t(`state.${state}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SearchBar>
      <Card.Root size="sm" minWidth="0">
        <Card.Body>
          <Stack gap="4">
            <Flex gap="2" wrap="wrap" align="center">
              <Authorized action="logistics:rateCard:add">
                <Button size="sm" onClick={() => setEditor({ mode: 'add' })} data-testid="rate-card-add">
                  <PlusIcon />
                  {t('add')}
                </Button>
              </Authorized>
              <Authorized action="logistics:rateCard:import">
                <Button size="sm" variant="outline" loading={importing} onClick={() => fileInput.current?.click()} data-testid="rate-card-import">
                  <UploadIcon />
                  {t('import.button')}
                </Button>
              </Authorized>
              <Authorized action="logistics:rateCard:import">
                <Button size="sm" variant="ghost" onClick={() => void download(undefined, t('import.templateName'))} data-testid="rate-card-template">
                  <FileTextIcon />
                  {t('import.template')}
                </Button>
              </Authorized>
              <Box flex="1" />
              <Authorized action="logistics:rateCard:export">
                <Button size="sm" variant="outline" loading={exporting} onClick={() => void exportCsv()} data-testid="rate-card-export">
                  <DownloadIcon />
                  {t('export.button', { ns: 'dataTable' })}
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
            </Flex>
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
                  onClick={() => {
                    setFilters({ ...filters, code: '' });
                    list.setSort(undefined);
                  }}
                  data-testid="rate-card-versions-clear"
                />
              </Alert.Root>
            ) : null}
            <DataTable
              columns={columns}
              rows={list.rows}
              total={list.total}
              loading={list.loading}
              page={list.page}
              onPageChange={list.setPage}
              sort={list.sort}
              onSortChange={list.setSort}
              getRowId={(row) => row.id}
              emptyState={
                filters.keyWord || filters.state || filters.code ? undefined : (
                  <EmptyState.Root size="sm" data-testid="rate-card-empty">
                    <EmptyState.Content>
                      <EmptyState.Indicator>
                        <FileTextIcon />
                      </EmptyState.Indicator>
                      <VStack textAlign="center" gap="1">
                        <EmptyState.Title>{t('empty.title')}</EmptyState.Title>
                        <EmptyState.Description>{t('empty.description')}</EmptyState.Description>
                      </VStack>
                      <HStack gap="2" wrap="wrap" justify="center">
                        <Authorized action="logistics:rateCard:add">
                          <Button size="sm" onClick={() => setEditor({ mode: 'add' })}>
                            <PlusIcon />
                            {t('add')}
                          </Button>
                        </Authorized>
                        <Authorized action="logistics:rateCard:import">
                          <Button size="sm" variant="outline" onClick={() => fileInput.current?.click()}>
                            <UploadIcon />
                            {t('import.button')}
                          </Button>
                        </Authorized>
                      </HStack>
                    </EmptyState.Content>
                  </EmptyState.Root>
                )
              }
              caption={t('caption')}
              testId="rate-card-table"
            />
          </Stack>
        </Card.Body>
      </Card.Root>
      <RateCardEditor
        target={editor}
        onClose={() => setEditor(undefined)}
        onSaved={(saved) => {
          void refresh();
          if (saved.id) queryClient.setQueryData<RateCardDetail>(rateCardKeys.detail(saved.id), saved);
        }}
      />
      <ImportErrorsDialog failure={importFailure} onClose={() => setImportFailure(undefined)} />
      {dialog}
    </Stack>
  );
}
