/**
 * The generic popup picker (JeecgBoot's `JPopupOnlReportModal`): picks records of an online
 * report named by its code. It asks the report's columns (`getRpColumns/{code}`), then its query
 * fields (`getQueryInfo/{id}`), then pages of its data (`getData/{id}`) with the search form's
 * values, the report parameters given (`self_<name>`), the page and the sort. A selectable paged
 * table (checkboxes with `multi`, one radio otherwise; a click on a row toggles it), values of
 * dictionary fields shown as their items' texts, the number selected with "clear". Confirming
 * nothing, or several in single mode, is refused with core's message (`popupSelectionIssue`).
 *
 * ```tsx
 * <PopupPicker open={open} onOpenChange={setOpen} code="user_popup" multi onOk={(rows) => …} />
 * ```
 */
import { Alert, Box, Dialog, Field, HStack, Input, Skeleton, Stack, Text, type InputProps } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { popupSelectionIssue } from '../../core';
import { currentLanguage, useLanguage } from '../../i18n';
import { DataTable, type DataColumn, type PageState, type SortState } from '../DataTable';
import { DictSelect } from '../DictSelect';
import { ErrorAlert } from '../ErrorAlert';
import { FormFooter } from '../form/FormFooter';
import { OptionSelect } from '../form/OptionSelect';
import { LinkButton } from '../LinkButton';
import { DialogShell, OverlayHeader } from '../overlay';
import { SearchBar } from '../SearchBar';
import { toaster } from '../ui/toaster';
import { dictText, getQueryInfo, getRpColumns, getRpData, type PopupDictOption, type PopupRow, type QueryField, type RpColumn } from './api';

/** The page sizes of the picker (JeecgBoot's 10, 20, 30). */
export const POPUP_PAGE_SIZES = [10, 20, 30];

/** Report parameters the picker passes on (`self_<name>`); empty ones are not sent. */
export type PopupParams = Record<string, string | number | null | undefined>;

export interface PopupPickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The report's code. */
  code: string;
  /** Several records may be picked (default one). */
  multi?: boolean;
  /** Answers are kept 30 s for the pickers of this group. */
  groupId?: string;
  param?: PopupParams;
  /** The picked records, in the order they were picked; the picker closes. */
  onOk: (rows: PopupRow[]) => void;
  /** `data-testid` of the dialog (default `popup-picker`); its parts are named after it. */
  testId?: string;
}

export function PopupPicker({ open, onOpenChange, testId = 'popup-picker', onOk, ...body }: PopupPickerProps) {
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      testId={testId}
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      // Opened from inside a form: its search must not submit that form.
      contentProps={{ maxWidth: { md: 'min(1200px, calc(100vw - 2rem))' }, width: 'full', onSubmit: (event) => event.stopPropagation() }}
    >
      <PickerBody
        {...body}
        testId={testId}
        onDone={(rows) => {
          onOk(rows);
          onOpenChange(false);
        }}
      />
    </DialogShell>
  );
}

/** A record's key in the selection: its `id` when it has one, else the record itself. */
export function rowKey(row: PopupRow): string {
  const id = row.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : JSON.stringify(row);
}

const ALIGN: Record<string, DataColumn<PopupRow>['textAlign']> = { left: 'start', center: 'center', right: 'end' };

/** The table's columns of the report's (a dictionary field shows its items' texts). */
function tableColumns(columns: readonly RpColumn[], dictOptions: Record<string, PopupDictOption[]>): DataColumn<PopupRow>[] {
  return columns.map((column) => {
    const options = column.customRender ? dictOptions[column.customRender] : undefined;
    return {
      id: column.dataIndex,
      header: column.title,
      sortable: column.sorter,
      textAlign: ALIGN[column.align] ?? 'start',
      cell: options ? (row) => dictText(options, row[column.dataIndex]) || '—' : undefined,
    };
  });
}

/** The parameters the search form's fields send: `field` (single) or `field_begin` / `field_end` (group). */
export function queryNames(field: QueryField): string[] {
  return field.mode === 'group' && field.view !== 'list' ? [`${field.field}_begin`, `${field.field}_end`] : [field.field];
}

/** A `datetime-local` value (`2026-01-02T10:30`) as the server reads a time (`2026-01-02 10:30:00`). */
const serverTime = (value: string) => {
  const text = value.replace('T', ' ');
  return text.length === 16 ? `${text}:00` : text;
};

/** The query of a search: the typed values, trimmed, times as the server reads them. */
function searchParams(fields: readonly QueryField[], values: Record<string, string>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const field of fields) {
    for (const name of queryNames(field)) {
      const value = (values[name] ?? '').trim();
      if (value !== '') params[name] = field.view === 'datetime' ? serverTime(value) : value;
    }
  }
  return params;
}

/** The report parameters as the picker sends them. */
function selfParams(param: PopupParams | undefined): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(param ?? {})) {
    if (value !== null && value !== undefined && String(value) !== '') params[`self_${name}`] = String(value);
  }
  return params;
}

const INPUT_TYPES: Record<string, InputProps['type']> = { number: 'number', date: 'date', datetime: 'datetime-local' };

/** One input of the search form. */
function QueryInput({ field, name, value, onChange, label, testId }: { field: QueryField; name: string; value: string; onChange: (value: string) => void; label: string; testId: string }) {
  const type = INPUT_TYPES[field.view] ?? 'text';
  return (
    <Input
      size="sm"
      type={type}
      step={field.view === 'number' ? 'any' : field.view === 'datetime' ? 1 : undefined}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      aria-label={label}
      autoComplete="off"
      data-testid={`${testId}-query-${name}`}
    />
  );
}

interface QueryFormProps {
  fields: QueryField[];
  dictOptions: Record<string, PopupDictOption[]>;
  draft: Record<string, string>;
  onDraft: (name: string, value: string) => void;
  onSearch: () => void;
  onReset: () => void;
  loading: boolean;
  testId: string;
}

/** The search form of the report's query fields (Enter searches). */
function QueryForm({ fields, dictOptions, draft, onDraft, onSearch, onReset, loading, testId }: QueryFormProps) {
  const { t } = useTranslation('popup');
  return (
    <SearchBar card={false} visibleOnPhone={2} onSearch={onSearch} onReset={onReset} loading={loading} testId={`${testId}-search`}>
      {fields.map((field) => {
        const names = queryNames(field);
        const options = dictOptions[field.field];
        return (
          <Field.Root key={field.field}>
            <Field.Label>{field.label}</Field.Label>
            {field.view === 'list' ? (
              options ? (
                <OptionSelect
                  options={options.map((option) => ({ value: option.value, label: option.text }))}
                  value={draft[field.field] ?? ''}
                  onChange={(event) => onDraft(field.field, event.currentTarget.value)}
                  placeholder={t('all')}
                  aria-label={field.label}
                  data-testid={`${testId}-query-${field.field}`}
                />
              ) : (
                <DictSelect
                  code={field.dictCode ?? ''}
                  value={draft[field.field] ?? ''}
                  onChange={(value) => onDraft(field.field, value)}
                  placeholder={t('all')}
                  aria-label={field.label}
                  data-testid={`${testId}-query-${field.field}`}
                />
              )
            ) : names.length === 2 ? (
              <HStack gap="2" width="full">
                <QueryInput field={field} name={names[0]!} value={draft[names[0]!] ?? ''} onChange={(value) => onDraft(names[0]!, value)} label={t('from', { field: field.label })} testId={testId} />
                <Text color="fg.muted" aria-hidden="true">
                  {'~'}
                </Text>
                <QueryInput field={field} name={names[1]!} value={draft[names[1]!] ?? ''} onChange={(value) => onDraft(names[1]!, value)} label={t('to', { field: field.label })} testId={testId} />
              </HStack>
            ) : (
              <QueryInput field={field} name={field.field} value={draft[field.field] ?? ''} onChange={(value) => onDraft(field.field, value)} label={field.label} testId={testId} />
            )}
          </Field.Root>
        );
      })}
    </SearchBar>
  );
}

interface Picked {
  key: string;
  row: PopupRow;
}

function PickerBody({ code, multi = false, groupId, param, onDone, testId }: Omit<PopupPickerProps, 'open' | 'onOpenChange' | 'onOk' | 'testId'> & { onDone: (rows: PopupRow[]) => void; testId: string }) {
  const { t } = useTranslation('popup');
  const lang = useLanguage();
  const group = groupId ?? '';
  const columns = useQuery({ queryKey: ['popup', 'columns', code, group, lang], queryFn: ({ signal }) => getRpColumns(code, groupId, signal), retry: false, staleTime: 0 });
  const id = columns.data?.cgRpConfigId;
  const queryInfo = useQuery({
    queryKey: ['popup', 'queryInfo', id, group, lang],
    queryFn: ({ signal }) => getQueryInfo(id!, groupId, signal),
    enabled: id !== undefined,
    retry: false,
    staleTime: 0,
  });
  const fields = useMemo(() => queryInfo.data ?? [], [queryInfo.data]);
  const dictOptions = useMemo(() => columns.data?.dictOptions ?? {}, [columns.data]);

  const [draft, setDraft] = useState<Record<string, string>>({});
  const [applied, setApplied] = useState<Record<string, string>>({});
  const [page, setPage] = useState<PageState>({ pageNo: 1, pageSize: POPUP_PAGE_SIZES[0]! });
  const [sort, setSort] = useState<SortState>();
  const [picked, setPicked] = useState<Picked[]>([]);

  const params = {
    ...searchParams(fields, applied),
    ...selfParams(param),
    pageNo: page.pageNo,
    pageSize: page.pageSize,
    ...(sort ? { column: sort.column, order: sort.order } : {}),
  };
  const data = useQuery({
    queryKey: ['popup', 'data', id, group, params, lang],
    queryFn: ({ signal }) => getRpData(id!, params, groupId, signal),
    // Columns, then query fields, then data (JeecgBoot's order); the data waits for the fields.
    enabled: id !== undefined && queryInfo.status !== 'pending',
    placeholderData: keepPreviousData,
    retry: false,
    // Asked again each time (a group's answers are kept by `groupGet`, 30 s).
    staleTime: 0,
  });
  const rows = data.data?.records ?? [];
  const tableCols = useMemo(() => tableColumns(columns.data?.columns ?? [], dictOptions), [columns.data, dictOptions]);

  const pickedKeys = picked.map((entry) => entry.key);
  const select = (ids: string[]) => {
    const chosen = new Set(ids);
    const kept = picked.filter((entry) => chosen.has(entry.key));
    const known = new Set(kept.map((entry) => entry.key));
    const added = rows.map((row) => ({ key: rowKey(row), row })).filter((entry) => chosen.has(entry.key) && !known.has(entry.key));
    setPicked(multi ? [...kept, ...added] : added.length > 0 ? added.slice(-1) : kept.slice(-1));
  };
  const toggle = (row: PopupRow) => {
    const key = rowKey(row);
    if (picked.some((entry) => entry.key === key)) setPicked(picked.filter((entry) => entry.key !== key));
    else setPicked(multi ? [...picked, { key, row }] : [{ key, row }]);
  };
  const search = (next: Record<string, string>) => {
    setApplied(next);
    setPage((current) => ({ ...current, pageNo: 1 }));
  };
  const confirm = () => {
    const issue = popupSelectionIssue(picked.length, multi, currentLanguage());
    if (issue) {
      const toastId = 'popup-selection';
      if (toaster.isVisible(toastId)) toaster.dismiss(toastId);
      toaster.create({ id: toastId, type: 'warning', title: issue, duration: 3000, closable: true });
      return;
    }
    onDone(picked.map((entry) => entry.row));
  };

  const failure = columns.error ?? queryInfo.error;
  return (
    <>
      <OverlayHeader
        title={columns.data?.cgRpConfigName || t('title')}
        subtitle={
          <Text textStyle="xs" color="fg.muted" fontFamily="mono">
            {code}
          </Text>
        }
      />
      <Dialog.Body>
        {failure ? (
          <ErrorAlert message={failure instanceof Error ? failure.message : String(failure)} testId={`${testId}-error`} />
        ) : columns.isPending ? (
          <Stack gap="3" data-testid={`${testId}-loading`}>
            <Skeleton height="8" />
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} height="6" />
            ))}
          </Stack>
        ) : (
          <Stack gap="4">
            {fields.length > 0 ? (
              <QueryForm
                fields={fields}
                dictOptions={dictOptions}
                draft={draft}
                onDraft={(name, value) => setDraft((current) => ({ ...current, [name]: value }))}
                onSearch={() => search(draft)}
                onReset={() => {
                  setDraft({});
                  search({});
                }}
                loading={data.isFetching}
                testId={testId}
              />
            ) : null}
            <Alert.Root status="info" size="sm" variant="subtle" data-testid={`${testId}-selection`}>
              <Alert.Indicator />
              <Alert.Title fontWeight="normal">
                <HStack gap="2" wrap="wrap">
                  <Box as="span" data-testid={`${testId}-selected`}>
                    {t('selected', { count: picked.length })}
                  </Box>
                  {picked.length > 0 ? (
                    <LinkButton onClick={() => setPicked([])} data-testid={`${testId}-clear`}>
                      {t('clear')}
                    </LinkButton>
                  ) : null}
                </HStack>
              </Alert.Title>
            </Alert.Root>
            <DataTable<PopupRow>
              columns={tableCols}
              rows={rows}
              total={data.data?.total ?? 0}
              loading={data.isFetching || data.isPending}
              getRowId={rowKey}
              page={page}
              onPageChange={setPage}
              pageSizeOptions={POPUP_PAGE_SIZES}
              sort={sort}
              onSortChange={(next) => {
                setSort(next);
                setPage((current) => ({ ...current, pageNo: 1 }));
              }}
              selectedIds={pickedKeys}
              onSelectionChange={select}
              singleSelect={!multi}
              selectionSummary={false}
              onRowClick={toggle}
              caption={columns.data?.cgRpConfigName || t('title')}
              testId={`${testId}-table`}
            />
          </Stack>
        )}
      </Dialog.Body>
      <FormFooter kind="dialog" saving={false} onConfirm={confirm} submitLabel={t('ok')} submitTestId={`${testId}-ok`} cancelTestId={`${testId}-cancel`} />
    </>
  );
}
