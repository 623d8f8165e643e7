/**
 * `system/CategoryList` (分类字典 Categories): a tree table whose roots are paged from `rootList`
 * and whose children load when a row is expanded (`childList`); a search lists matches of every
 * level flat. Add root / add child / edit in a dialog, delete after confirmation (contract
 * dicts-notices.md, "Categories").
 */
import { Badge, Button, Card, EmptyState, Field, Flex, Heading, HStack, IconButton, Input, Skeleton, Stack, Text, VStack, Wrap } from '@chakra-ui/react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../components/Authorized';
import { useConfirm } from '../../../components/ConfirmDialog';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { FolderIcon, PencilIcon, PlusIcon, RefreshIcon, TrashIcon } from '../../../components/icons';
import { SearchBar } from '../../../components/SearchBar';
import { toaster } from '../../../components/ui/toaster';
import { useServerList } from '../../../hooks/useServerList';
import { useLanguage, type Language } from '../../../i18n';
import { showTime } from '../components/utcTime';
import { CATEGORY_ROOT_LIST_PATH, categoryKeys, deleteCategory, fetchChildren, hasChildren, isRoot, type CategoryRecord } from './api';
import { CategoryFormDialog, type CategoryFormTarget } from './CategoryFormDialog';
import { categoryName } from './categoryName';

type Filters = {
  name: string;
  code: string;
};

const EMPTY: Filters = { name: '', code: '' };

/** A row of the table: a category, or the "loading…" line under a parent whose children are on their way. */
type Row = CategoryRecord & { placeholder?: true; subRows?: Row[] };

const LOADING_SUFFIX = '::loading';
const loadingRow = (pid: string): Row => ({ id: `${pid}${LOADING_SUFFIX}`, pid, name: '', code: '', placeholder: true });

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
    {
      id: 'actions',
      header: t('action.actions', { ns: 'dataTable' }),
      sticky: true,
      cell: (row) =>
        row.placeholder ? null : (
          <HStack gap="0.5">
            <Authorized action="system:category:add">
              <Button size="xs" variant="ghost" colorPalette="blue" onClick={() => onAddChild(row)} aria-label={t('addChildOf', { name: categoryName(row, language) })} data-testid="category-add-child">
                <PlusIcon />
                {t('addChild')}
              </Button>
            </Authorized>
            <Authorized action="system:category:edit">
              <IconButton size="xs" variant="ghost" aria-label={t('action.edit', { ns: 'dataTable' })} title={t('action.edit', { ns: 'dataTable' })} onClick={() => onEdit(row)} data-testid="category-edit">
                <PencilIcon />
              </IconButton>
            </Authorized>
            <Authorized action="system:category:delete">
              <IconButton
                size="xs"
                variant="ghost"
                colorPalette="red"
                aria-label={t('action.delete', { ns: 'dataTable' })}
                title={hasChildren(row) ? t('delete.hasChildrenHint') : t('action.delete', { ns: 'dataTable' })}
                onClick={() => onDelete(row)}
                data-testid="category-delete"
              >
                <TrashIcon />
              </IconButton>
            </Authorized>
          </HStack>
        ),
    },
  ];
}

export default function CategoryListPage() {
  const { t } = useTranslation('sysCategory');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const [formTarget, setFormTarget] = useState<CategoryFormTarget>();
  const list = useServerList<CategoryRecord>(CATEGORY_ROOT_LIST_PATH, filters, { defaultSort: { column: 'code', order: 'asc' } });
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

  const askDelete = (record: CategoryRecord) =>
    confirm({
      title: t('delete.title'),
      description: hasChildren(record) ? t('delete.descriptionWithChildren', { name: categoryName(record, language) }) : t('delete.description', { name: categoryName(record, language) }),
      testId: 'category-delete-confirm',
      onConfirm: async () => {
        const envelope = await deleteCategory(record.id);
        toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
        setExpanded((current) => {
          const next = { ...current };
          delete next[record.id];
          return next;
        });
        await refresh();
      },
    });

  const columns = categoryColumns({
    t,
    language,
    onAddChild: (parent) => setFormTarget({ kind: 'add', parent }),
    onEdit: (record) => setFormTarget({ kind: 'edit', record }),
    onDelete: askDelete,
  });

  const emptyState = (
    <EmptyState.Root size="sm" data-testid="category-empty">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <FolderIcon />
        </EmptyState.Indicator>
        <VStack textAlign="center" gap="1">
          <EmptyState.Title>{searching ? t('empty.searchTitle') : t('empty.title')}</EmptyState.Title>
          <EmptyState.Description>{searching ? t('empty.searchDescription') : t('empty.description')}</EmptyState.Description>
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );

  return (
    <Stack gap="4" data-testid="category-page">
      <SearchBar
        onSearch={() => setFilters({ ...draft })}
        onReset={() => {
          setDraft(EMPTY);
          setFilters(EMPTY);
        }}
        loading={list.loading}
        testId="category-search"
      >
        <Field.Root>
          <Field.Label>{t('filter.name')}</Field.Label>
          <Input size="sm" value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })} placeholder={t('filter.namePlaceholder')} data-testid="category-search-name" />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('filter.code')}</Field.Label>
          <Input size="sm" value={draft.code} onChange={(event) => setDraft({ ...draft, code: event.currentTarget.value })} placeholder={t('filter.codePlaceholder')} data-testid="category-search-code" />
        </Field.Root>
      </SearchBar>
      <Card.Root size="sm">
        <Card.Header>
          <Flex gap="3" wrap="wrap" align="center" justify="space-between">
            <Stack gap="0.5">
              <Heading size="md">{t('title')}</Heading>
              {searching ? (
                <Text textStyle="xs" color="fg.muted" data-testid="category-search-hint">
                  {t('searchHint')}
                </Text>
              ) : null}
            </Stack>
            <Wrap gap="2">
              <Authorized action="system:category:add">
                <Button size="sm" onClick={() => setFormTarget({ kind: 'add' })} data-testid="category-add">
                  <PlusIcon />
                  {t('addRoot')}
                </Button>
              </Authorized>
              <Button size="sm" variant="ghost" onClick={() => setExpanded({})} disabled={searching || openIds.length === 0} data-testid="category-collapse-all">
                {t('collapseAll')}
              </Button>
              <IconButton size="sm" variant="ghost" aria-label={t('action.refresh', { ns: 'dataTable' })} title={t('action.refresh', { ns: 'dataTable' })} onClick={() => void refresh()}>
                <RefreshIcon />
              </IconButton>
            </Wrap>
          </Flex>
        </Card.Header>
        <Card.Body>
          <DataTable<Row>
            columns={columns}
            rows={rows}
            total={list.total}
            loading={list.loading}
            page={list.page}
            onPageChange={list.setPage}
            sort={list.sort}
            onSortChange={list.setSort}
            getRowId={(row) => row.id}
            getSubRows={searching ? undefined : (row) => row.subRows}
            expanded={expanded}
            onExpandedChange={(next) => setExpanded(next === true ? {} : (next as Record<string, boolean>))}
            emptyState={emptyState}
            caption={t('caption')}
            testId="category-table"
          />
        </Card.Body>
      </Card.Root>
      <CategoryFormDialog target={formTarget} onClose={() => setFormTarget(undefined)} onSaved={onSaved} />
      {dialog}
    </Stack>
  );
}
