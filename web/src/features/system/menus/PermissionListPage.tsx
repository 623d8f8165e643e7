import { Badge, Box, Button, HStack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExpandedState } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { DataColumn } from '../../../components/DataTable';
import { FolderIcon } from '../../../components/icons';
import { actionsColumn, FilterText, ListEmpty, ListPage, ListSearchBar, ListTable, ListToolbar, RowMenu, useDeleteRecords, useListFilters, useStaticList } from '../../../components/list';
import { MenuItemIcon } from '../../../components/MenuIcon';
import { useLanguage, type Language } from '../../../i18n';
import { deletePermission, deletePermissions, fetchPermissionList, menuKeys, type PermissionRecord } from './api';
import { DataRuleDrawer } from './DataRuleDrawer';
import { MenuFormDrawer, type MenuFormTarget } from './MenuFormDrawer';
import { asFlag, menuName, parentIds } from './menuTree';

const TYPE_COLORS = { 0: 'blue', 1: 'teal', 2: 'orange' } as const;

/** A menu's type as a coloured tag. */
function MenuTypeTag({ type }: { type: number }) {
  const { t } = useTranslation('sysMenu');
  const key = (type === 1 || type === 2 ? type : 0) as 0 | 1 | 2;
  return (
    <Badge size="sm" variant="subtle" colorPalette={TYPE_COLORS[key]}>
      {t(`type.${key}`)}
    </Badge>
  );
}

interface ColumnDeps {
  t: TFunction<'sysMenu'>;
  language: Language;
  onEdit: (record: PermissionRecord) => void;
  onAddChild: (parent: PermissionRecord) => void;
  onRules: (record: PermissionRecord) => void;
  onDelete: (record: PermissionRecord) => void;
}

/** The columns of the menu table. */
function menuColumns({ t, language, onEdit, onAddChild, onRules, onDelete }: ColumnDeps): DataColumn<PermissionRecord>[] {
  return [
    {
      id: 'name',
      header: t('column.name'),
      minWidth: '200px',
      cell: (row) => (
        <HStack gap="2">
          {Number(row.menuType) !== 2 ? <MenuItemIcon name={row.icon ?? undefined} color="fg.muted" flexShrink={0} /> : null}
          <Text truncate>{menuName(row, language)}</Text>
        </HStack>
      ),
    },
    { id: 'menuType', header: t('column.type'), hideBelow: 'sm', cell: (row) => <MenuTypeTag type={Number(row.menuType)} /> },
    { id: 'url', header: t('column.url'), hideBelow: 'md', cell: (row) => row.url || '—' },
    // From 2xl: at 1280 px the table would scroll sideways behind the sticky actions.
    { id: 'component', header: t('column.component'), hideBelow: '2xl', cell: (row) => row.component || '—' },
    {
      id: 'perms',
      header: t('column.perms'),
      hideBelow: 'md',
      cell: (row) => (row.perms ? <Text fontFamily="mono" textStyle="xs">{row.perms}</Text> : '—'),
    },
    { id: 'sortNo', header: t('column.sortNo'), hideBelow: 'lg', textAlign: 'end', cell: (row) => row.sortNo ?? '—' },
    {
      id: 'status',
      header: t('column.status'),
      hideBelow: 'sm',
      cell: (row) =>
        row.status === undefined || row.status === null || String(row.status) === '1' ? (
          <Badge size="sm" colorPalette="green" variant="subtle">
            {t('status.on')}
          </Badge>
        ) : (
          <Badge size="sm" colorPalette="gray" variant="subtle">
            {t('status.off')}
          </Badge>
        ),
    },
    actionsColumn<PermissionRecord>('text', (row) => {
      const isButton = Number(row.menuType) === 2;
      return [
        { kind: 'edit', action: 'system:permission:edit', onClick: () => onEdit(row), testId: 'menu-edit' },
        <RowMenu
          key="more"
          ariaLabel={t('rowActions', { name: menuName(row, language) })}
          testId="menu-more"
          items={[
            !isButton && { value: 'addChild', label: t('addChild'), action: 'system:permission:add', testId: 'menu-add-child', onSelect: () => onAddChild(row) },
            !isButton && {
              value: 'rules',
              label: (
                <>
                  {t('dataRules')}
                  {asFlag(row.ruleFlag) ? <Box boxSize="1.5" rounded="full" colorPalette="blue" bg="colorPalette.solid" marginStart="auto" /> : null}
                </>
              ),
              testId: 'menu-rules',
              onSelect: () => onRules(row),
            },
            { value: 'delete', label: t('action.delete', { ns: 'dataTable' }), action: 'system:permission:delete', danger: true, testId: 'menu-delete', onSelect: () => onDelete(row) },
          ]}
        />,
      ];
    }),
  ];
}

/** Menus and button permissions (platform only): a tree table with add/edit/delete and data rules. */
export default function PermissionListPage() {
  const { t } = useTranslation('sysMenu');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const filters = useListFilters({ name: '' });
  const name = filters.filters.name;
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const [formTarget, setFormTarget] = useState<MenuFormTarget>();
  const [formOpen, setFormOpen] = useState(false);
  const [rulesFor, setRulesFor] = useState<PermissionRecord>();

  const query = useQuery({ queryKey: menuKeys.list(name), queryFn: ({ signal }) => fetchPermissionList(name, signal) });
  const list = useStaticList(query);
  const rows = list.rows;
  // The parent picker always needs the whole tree, whatever the search shows.
  const fullTree = useQuery({ queryKey: menuKeys.list(''), queryFn: ({ signal }) => fetchPermissionList('', signal), enabled: formOpen });
  const refresh = () => queryClient.invalidateQueries({ queryKey: menuKeys.all });

  const openForm = (target: MenuFormTarget) => {
    setFormTarget(target);
    setFormOpen(true);
  };

  const remover = useDeleteRecords<PermissionRecord>({
    list,
    remove: deletePermissions,
    removeOne: (record) => deletePermission(record.id),
    title: t('delete.title'),
    describe: (record) => t('delete.description', { name: menuName(record, language) }),
    describeBatch: (count) => t('delete.batchDescription', { count }),
    testId: 'menu-delete-confirm',
    afterDelete: refresh,
  });

  const columns = menuColumns({
    t,
    language,
    onEdit: (record) => openForm({ kind: 'edit', record }),
    onAddChild: (parent) => openForm({ kind: 'add', parent }),
    onRules: setRulesFor,
    onDelete: remover.askDelete,
  });

  const searching = name.trim() !== '';

  return (
    <ListPage
      testId="menu-page"
      search={
        <ListSearchBar page={{ ...filters, list }} testId="menu-search">
          <FilterText page={filters} name="name" label={t('searchName')} placeholder={t('searchPlaceholder')} testId="menu-search-name" />
        </ListSearchBar>
      }
      toolbar={
        <ListToolbar
          testIdPrefix="menu"
          add={{ action: 'system:permission:add', label: t('addMenu'), onClick: () => openForm({ kind: 'add' }) }}
          batchDelete={{ action: 'system:permission:delete', onClick: remover.askBatchDelete }}
          end={
            // One group, so that on phones both wrap together instead of one hanging below.
            <HStack gap="2">
              <Button size="sm" variant="ghost" onClick={() => setExpanded(Object.fromEntries(parentIds(rows).map((id) => [id, true])))} disabled={searching} data-testid="menu-expand-all">
                {t('expandAll')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setExpanded({})} disabled={searching} data-testid="menu-collapse-all">
                {t('collapseAll')}
              </Button>
            </HStack>
          }
        />
      }
      dialogs={
        <>
          <MenuFormDrawer open={formOpen} onOpenChange={setFormOpen} target={formTarget} tree={fullTree.data ?? (searching ? [] : rows)} onSaved={() => void refresh()} />
          <DataRuleDrawer permission={rulesFor} onClose={() => setRulesFor(undefined)} />
          {remover.dialog}
        </>
      }
    >
      <ListTable
        list={list}
        selectable
        pagination={false}
        columns={columns}
        getRowId={(row) => row.id}
        getSubRows={searching ? undefined : (row) => (row.children && row.children.length > 0 ? row.children : undefined)}
        expanded={expanded}
        onExpandedChange={setExpanded}
        emptyState={<ListEmpty icon={<FolderIcon />} title={t('empty.title')} description={searching ? t('empty.search', { name }) : t('empty.description')} testId="menu-empty" />}
        caption={t('caption')}
        testId="menu-table"
      />
    </ListPage>
  );
}
