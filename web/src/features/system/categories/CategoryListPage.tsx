/**
 * `system/CategoryList` (分类字典 Categories): a tree table whose roots are paged from `rootList`
 * and whose children load when a row is expanded (`childList`); a search lists matches of every
 * level flat. Add root / add child / edit in a dialog, delete after confirmation (contract
 * dicts-notices.md, "Categories").
 */
import { Badge, Button, HStack, Skeleton, Text } from '@chakra-ui/react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { actionsColumn, FilterText, ListEmpty, ListPage, ListSearchBar, ListSubtitle, ListTable, ListToolbar, useDeleteRecords, useListPage } from '../../../components/list';
import { FolderIcon, PlusIcon } from '../../../components/icons';
import type { ServerList } from '../../../hooks/useServerList';
import { useLanguage, type Language } from '../../../i18n';
import { showTime } from '../../../lib/utcTime';
import { CATEGORY_ROOT_LIST_PATH, categoryKeys, deleteCategory, fetchChildren, hasChildren, isRoot, type CategoryRecord } from './api';
import { CategoryFormDialog, type CategoryFormTarget } from './CategoryFormDialog';
import { categoryName } from './categoryName';

/** The filters (in the URL) and their empty values. */
const EMPTY = { name: '', code: '' };
type Filters = typeof EMPTY;

/** A row of the table: a category, or the "loading…" line under a parent whose children are on their way. */
type Row = CategoryRecord & { placeholder?: true; subRows?: Row[] };

const LOADING_SUFFIX = '::loading';
const loadingRow = (pid: string): Row => ({ id: `${pid}${LOADING_SUFFIX}`, pid, name: '', code: '', title: '', hasChild: false, sortOrder: 0, createTime: '', placeholder: true });

interface ColumnDeps {
  t: TFunction<'sysCategory'>;
  language: Language;
  onAddChild: (parent: CategoryRecord) => void;
  onEdit: (record: CategoryRecord) => void;
  onDelete: (record: CategoryRecord) => void;
}

function categoryColumns({ t, language, onAddChild, onEdit, onDelete }: ColumnDeps): DataColumn<Row>[] {
  return [
    {
      id: 'name',
      header: t('field.name'),
      sortable: true,
      minWidth: '200px',
      cell: (row) =>
        row.placeholder ? (
          <HStack gap="2" data-testid="category-children-loading">
            <Skeleton height="3.5" width="32" />
            <Text srOnly>{t('loadingChildren')}</Text>
          </HStack>
        ) : (
          <HStack gap="2">
            <FolderIcon color={hasChildren(row) ? 'colorPalette.solid' : 'fg.subtle'} flexShrink={0} />
            <Text fontWeight={isRoot(row) ? 'medium' : undefined}>{categoryName(row, language)}</Text>
          </HStack>
        ),
    },
    {
      id: 'code',
      header: t('field.code'),
      sortable: true,
      cell: (row) =>
        row.placeholder ? null : (
          <Badge size="sm" variant="outline" fontFamily="mono">
            {row.code}
          </Badge>
        ),
    },
    { id: 'nameEn', header: t('field.nameEn'), hideBelow: 'md', cell: (row) => (row.placeholder ? null : row.nameEn || '—') },
    { id: 'sortOrder', header: t('field.sortOrder'), hideBelow: 'sm', textAlign: 'end', cell: (row) => (row.placeholder ? null : (row.sortOrder ?? '—')) },
    { id: 'createTime', header: t('field.createTime'), sortable: true, hideBelow: 'lg', cell: (row) => (row.placeholder ? null : <Text whiteSpace="nowrap">{showTime(row.createTime) || '—'}</Text>) },
    actionsColumn<Row>('icon', (row) =>
      row.placeholder
        ? []
        : [
            {
              action: 'system:category:add',
              display: 'text',
              colorPalette: 'blue',
              label: t('addChild'),
              icon: <PlusIcon />,
              ariaLabel: t('addChildOf', { name: categoryName(row, language) }),
              onClick: () => onAddChild(row),
              testId: 'category-add-child',
            },
            { kind: 'edit', action: 'system:category:edit', onClick: () => onEdit(row), testId: 'category-edit' },
            { kind: 'delete', action: 'system:category:delete', title: hasChildren(row) ? t('delete.hasChildrenHint') : undefined, onClick: () => onDelete(row), testId: 'category-delete' },
          ],
    ),
  ];
}

export default function CategoryListPage() {
  const { t } = useTranslation('sysCategory');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const [formTarget, setFormTarget] = useState<CategoryFormTarget>();
  const page = useListPage<CategoryRecord, Filters>(CATEGORY_ROOT_LIST_PATH, { emptyFilters: EMPTY, defaultSort: { column: 'code', order: 'asc' } });
  const { list, filters } = page;
  const searching = filters.name.trim() !== '' || filters.code.trim() !== '';

  // Children are asked for only once their parent is open (and kept while the parent is closed).
  const openIds = useMemo(() => Object.keys(expanded).filter((id) => expanded[id]), [expanded]);
  const childQueries = useQueries({
    queries: openIds.map((pid) => ({ queryKey: categoryKeys.children(pid), queryFn: ({ signal }: { signal: AbortSignal }) => fetchChildren(pid, signal), enabled: !searching })),
  });
  const children = new Map<string, CategoryRecord[]>();
  openIds.forEach((pid, index) => {
    const data = childQueries[index]?.data;
    if (data) children.set(pid, data);
  });
  // The tree is rebuilt as children arrive (the table recomputes its rows when its data changes).
  const withChildren = (record: CategoryRecord): Row => {
    const loaded = children.get(record.id);
    if (loaded) return loaded.length > 0 ? { ...record, subRows: loaded.map(withChildren) } : record;
    return hasChildren(record) ? { ...record, subRows: [loadingRow(record.id)] } : record;
  };
  const rows: Row[] = searching ? list.rows : list.rows.map(withChildren);

  /** Roots and every loaded child list (a parent's `hasChild` and its children may have changed). */
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    await queryClient.invalidateQueries({ queryKey: ['list', CATEGORY_ROOT_LIST_PATH] });
  };

  const onSaved = (_saved: CategoryRecord | undefined, target: CategoryFormTarget) => {
    if (target.kind === 'add' && target.parent) {
      const parentId = target.parent.id;
      // Show the new child where it was added.
      setExpanded((current) => ({ ...current, [parentId]: true }));
    }
    void refresh();
  };

  const remover = useDeleteRecords<CategoryRecord>({
    list,
    removeOne: (record) => deleteCategory(record.id),
    title: t('delete.title'),
    describe: (record) => (hasChildren(record) ? t('delete.descriptionWithChildren', { name: categoryName(record, language) }) : t('delete.description', { name: categoryName(record, language) })),
    testId: 'category-delete-confirm',
    afterDelete: async ([id]) => {
      setExpanded((current) => {
        const next = { ...current };
        if (id !== undefined) delete next[id];
        return next;
      });
      await queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    },
  });

  const columns = categoryColumns({
    t,
    language,
    onAddChild: (parent) => setFormTarget({ kind: 'add', parent }),
    onEdit: (record) => setFormTarget({ kind: 'edit', record }),
    onDelete: remover.askDelete,
  });

  const emptyState = (
    <ListEmpty
      icon={<FolderIcon />}
      title={searching ? t('empty.searchTitle') : t('empty.title')}
      description={searching ? t('empty.searchDescription') : t('empty.description')}
      testId="category-empty"
    />
  );

  return (
    <ListPage
      testId="category-page"
      search={
        <ListSearchBar page={page} testId="category-search">
          <FilterText page={page} name="name" label={t('filter.name')} placeholder={t('filter.namePlaceholder')} testId="category-search-name" />
          <FilterText page={page} name="code" label={t('filter.code')} placeholder={t('filter.codePlaceholder')} testId="category-search-code" />
        </ListSearchBar>
      }
      title={t('title')}
      subtitle={searching ? <ListSubtitle testId="category-search-hint">{t('searchHint')}</ListSubtitle> : null}
      toolbar={
        <ListToolbar testIdPrefix="category" add={{ action: 'system:category:add', label: t('addRoot'), onClick: () => setFormTarget({ kind: 'add' }) }} onRefresh={refresh}>
          <Button size="sm" variant="ghost" onClick={() => setExpanded({})} disabled={searching || openIds.length === 0} data-testid="category-collapse-all">
            {t('collapseAll')}
          </Button>
        </ListToolbar>
      }
      dialogs={
        <>
          <CategoryFormDialog target={formTarget} onClose={() => setFormTarget(undefined)} onSaved={onSaved} />
          {remover.dialog}
        </>
      }
    >
      <ListTable<Row>
        list={list as ServerList<Row>}
        rows={rows}
        columns={columns}
        getRowId={(row) => row.id}
        getSubRows={searching ? undefined : (row) => row.subRows}
        expanded={expanded}
        onExpandedChange={(next) => setExpanded(next === true ? {} : (next as Record<string, boolean>))}
        emptyState={emptyState}
        caption={t('caption')}
        testId="category-table"
      />
    </ListPage>
  );
}
