/**
 * A plain CRUD list as one declaration: the list in the URL, a form dialog for add and edit,
 * delete and batch delete with confirmation, export, and the page laid out with the toolbar,
 * the row actions and the table, all named by one convention:
 *
 * - test ids `${name}-page`, `-search`, `-table`, `-add`, `-edit`, `-delete`, `-batch-delete`,
 *   `-delete-confirm`, `-export`;
 * - permissions `${permission}:add`, `:edit`, `:delete`;
 * - the feature's translations (`ns`): `add`, `caption`, `delete.title`,
 *   `delete.batchDescription` (`{{count}}`) and `exportName`;
 * - newest first ({@link NEWEST_FIRST}) until the user sorts, unless `defaultSort` says otherwise.
 *
 * ```tsx
 * const crud = useCrudList<PositionRecord, Filters>(POSITION_LIST_PATH, {
 *   name: 'position', permission: 'system:position', ns: 'sysPosition', emptyFilters: EMPTY,
 *   remove: deletePositions, describe: (row) => t('delete.description', { name: row.name }), exportPath: POSITION_EXPORT_PATH,
 * });
 * return (
 *   <CrudListPage crud={crud} columns={[…, editDeleteColumn('text', crud.actions)]} dialogs={<PositionFormDialog {...crud.form.dialog} />}
 *     filters={<FilterText page={crud} name="name" label={t('filter.name')} testId="position-search-name" />} />
 * );
 * ```
 */
import { Stack } from '@chakra-ui/react';
import { Fragment, isValidElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useButtonState } from '../../hooks/useButtonState';
import type { Namespace } from '../../i18n';
import type { CsvColumn } from '../../lib/export';
import type { DataColumn, SortState } from '../DataTable';
import { ListPage, ListSearchBar, ListTable, type ListSearchBarProps, type ListTableProps } from './ListPage';
import { ListToolbar, type ListToolbarProps } from './ListToolbar';
import type { EditDeleteOptions } from './rowActions';
import { useCsvExport, useXlsxExport, type Exporter } from './useExport';
import { useFormTarget } from './useFormTarget';
import { useListPage, type ListPage as ListPageState, type ListPageOptions, type TextFilters } from './useListPage';
import { useDeleteRecords, type DeleteRecordsOptions } from './useRecordActions';

export interface CrudListOptions<T, F extends TextFilters> extends ListPageOptions<F>, Pick<DeleteRecordsOptions<T>, 'remove' | 'removeOne' | 'getId' | 'afterDelete' | 'describe' | 'confirm'> {
  /** The test id prefix. */
  name: string;
  /** The permission prefix. */
  permission: string;
  /** The feature's translations (see above). */
  ns: Namespace;
  /** The server's export of the list (`…/exportXls`). */
  exportPath?: string;
  /** Where the server exports nothing: the CSV's columns. */
  csv?: () => CsvColumn<T>[];
}

export interface CrudList<T, F extends TextFilters> extends ListPageState<T, F> {
  name: string;
  permission: string;
  /** Add and edit: `<XFormDialog {...crud.form.dialog} />`. */
  form: ReturnType<typeof useFormTarget<T>>;
  remover: ReturnType<typeof useDeleteRecords<T>>;
  exporter: Exporter | undefined;
  /** The row actions' options ({@link editDeleteColumn}). */
  actions: EditDeleteOptions<T> & { onEdit: (row: T) => void; onDelete: (row: T) => void };
  /** Whether there is a batch delete (a `remove` call and the user may delete). */
  canBatchDelete: boolean;
  labels: { add: string; caption: string };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The sort of a list whose user chose none (unless the list says otherwise). */
export const NEWEST_FIRST: SortState = { column: 'createTime', order: 'desc' };
const noColumns = () => [];

export function useCrudList<T, F extends TextFilters>(path: string, options: CrudListOptions<T, F>): CrudList<T, F> {
  const { name, permission, ns, exportPath, csv, remove, removeOne, getId, afterDelete, describe, confirm, defaultSort = NEWEST_FIRST, ...listOptions } = options;
  // The keys are the same in every feature's namespace (see above).
  const t = useTranslation(ns).t as unknown as Translate;
  const page = useListPage<T, F>(path, { ...listOptions, defaultSort });
  const form = useFormTarget<T>();
  const remover = useDeleteRecords<T>({
    list: page.list,
    remove,
    removeOne,
    getId,
    afterDelete,
    confirm,
    title: t('delete.title'),
    describe,
    describeBatch: (count) => t('delete.batchDescription', { count }),
    testId: `${name}-delete-confirm`,
  });
  const exportOptions = { filters: page.filters, sort: page.list.sort, filename: exportPath || csv ? t('exportName') : '' };
  const xlsx = useXlsxExport({ ...exportOptions, path: exportPath ?? '' });
  const csvExport = useCsvExport<T>({ ...exportOptions, path, columns: csv ?? noColumns });
  const canDelete = useButtonState(`${permission}:delete`) !== 'hidden';
  return {
    ...page,
    name,
    permission,
    form,
    remover,
    exporter: exportPath ? xlsx : csv ? csvExport : undefined,
    actions: { permission, testId: name, onEdit: form.edit, onDelete: remover.askDelete },
    canBatchDelete: remove !== undefined && canDelete,
    labels: { add: t('add'), caption: t('caption') },
  };
}

export interface CrudListPageProps<T, F extends TextFilters> {
  crud: CrudList<T, F>;
  columns: DataColumn<T>[];
  /** The search bar's fields (none: no search bar). */
  filters?: ReactNode;
  /** More of the search bar (`visibleOnPhone`, a checked `onSearch` …). */
  search?: Partial<ListSearchBarProps>;
  /** More of the toolbar (buttons, a legend, refresh), or replacements of its add and export. */
  toolbar?: Partial<ListToolbarProps>;
  /** More of the table (`getRowId`, tree rows, an empty state …). */
  table?: Partial<ListTableProps<T>>;
  /** The form dialog and any other dialog or drawer (the delete confirmation comes with the list). */
  dialogs?: ReactNode;
  title?: ReactNode;
  subtitle?: ReactNode;
  /** A card beside the search bar. */
  aside?: ReactNode;
  /** Above the table, the card's full width (status tabs). */
  above?: ReactNode;
}

/** The fields of a fragment, so that the search bar lays out each (and hides the extra ones on phones). */
const fieldsOf = (filters: ReactNode): ReactNode => (isValidElement(filters) && filters.type === Fragment ? (filters.props as { children?: ReactNode }).children : filters);

/** The page of a {@link useCrudList}. */
export function CrudListPage<T, F extends TextFilters>({ crud, columns, filters, search, toolbar, table, dialogs, title, subtitle, aside, above }: CrudListPageProps<T, F>) {
  const { name, permission } = crud;
  return (
    <ListPage
      testId={`${name}-page`}
      title={title}
      subtitle={subtitle}
      aside={aside}
      search={
        filters ? (
          <ListSearchBar page={crud} testId={`${name}-search`} {...search}>
            {fieldsOf(filters)}
          </ListSearchBar>
        ) : undefined
      }
      toolbar={
        <ListToolbar
          testIdPrefix={name}
          add={{ action: `${permission}:add`, label: crud.labels.add, onClick: crud.form.add }}
          batchDelete={crud.canBatchDelete ? { action: `${permission}:delete`, onClick: crud.remover.askBatchDelete } : undefined}
          exporter={crud.exporter}
          {...toolbar}
        />
      }
      dialogs={
        <>
          {dialogs}
          {crud.remover.dialog}
        </>
      }
    >
      {above ? (
        <Stack gap="3" minWidth="0">
          {above}
          <ListTable list={crud.list} selectable={crud.canBatchDelete} columns={columns} caption={crud.labels.caption} testId={`${name}-table`} {...table} />
        </Stack>
      ) : (
        <ListTable list={crud.list} selectable={crud.canBatchDelete} columns={columns} caption={crud.labels.caption} testId={`${name}-table`} {...table} />
      )}
    </ListPage>
  );
}
