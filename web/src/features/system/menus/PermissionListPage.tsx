import { Badge, Box, Button, Card, EmptyState, Field, Flex, HStack, Input, Menu, Portal, Stack, Text, VStack } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExpandedState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Authorized } from '../../../components/Authorized';
import { useConfirm } from '../../../components/ConfirmDialog';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { ChevronDownIcon, FolderIcon, TrashIcon } from '../../../components/icons';
import { MenuItemIcon } from '../../../components/MenuIcon';
import { SearchBar } from '../../../components/SearchBar';
import { toaster } from '../../../components/ui/toaster';
import { useRequireSelection } from '../../../hooks/useRequireSelection';
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
    {
      id: 'actions',
      header: t('action.actions', { ns: 'dataTable' }),
      sticky: true,
      cell: (row) => <RowActions row={row} onEdit={() => onEdit(row)} onAddChild={() => onAddChild(row)} onRules={() => onRules(row)} onDelete={() => onDelete(row)} />,
    },
  ];
}

/** Menus and button permissions (platform only): a tree table with add/edit/delete and data rules. */
export default function PermissionListPage() {
  const { t } = useTranslation('sysMenu');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const requireSelection = useRequireSelection();
  const { confirm, dialog } = useConfirm();
  const [draft, setDraft] = useState('');
  const [name, setName] = useState('');
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const [selection, setSelection] = useState<string[]>([]);
  const [formTarget, setFormTarget] = useState<MenuFormTarget>();
  const [formOpen, setFormOpen] = useState(false);
  const [rulesFor, setRulesFor] = useState<PermissionRecord>();

  const query = useQuery({ queryKey: menuKeys.list(name), queryFn: ({ signal }) => fetchPermissionList(name, signal) });
  const rows = useMemo(() => query.data ?? [], [query.data]);
  // The parent picker always needs the whole tree, whatever the search shows.
  const fullTree = useQuery({ queryKey: menuKeys.list(''), queryFn: ({ signal }) => fetchPermissionList('', signal), enabled: formOpen });
  const refresh = () => queryClient.invalidateQueries({ queryKey: menuKeys.all });

  const openForm = (target: MenuFormTarget) => {
    setFormTarget(target);
    setFormOpen(true);
  };

  const askDelete = (record: PermissionRecord) =>
    confirm({
      title: t('delete.title'),
      description: t('delete.description', { name: menuName(record, language) }),
      testId: 'menu-delete-confirm',
      onConfirm: async () => {
        const envelope = await deletePermission(record.id);
        toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
        setSelection((ids) => ids.filter((id) => id !== record.id));
        await refresh();
      },
    });

  const askBatchDelete = () => {
    if (!requireSelection(selection)) return;
    confirm({
      title: t('delete.title'),
      description: t('delete.batchDescription', { count: selection.length }),
      testId: 'menu-delete-confirm',
      onConfirm: async () => {
        const envelope = await deletePermissions(selection);
        toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
        setSelection([]);
        await refresh();
      },
    });
  };

  const columns = menuColumns({
    t,
    language,
    onEdit: (record) => openForm({ kind: 'edit', record }),
    onAddChild: (parent) => openForm({ kind: 'add', parent }),
    onRules: setRulesFor,
    onDelete: askDelete,
  });

  const searching = name.trim() !== '';
  const emptyState = (
    <EmptyState.Root size="sm" data-testid="menu-empty">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <FolderIcon />
        </EmptyState.Indicator>
        <VStack textAlign="center" gap="1">
          <EmptyState.Title>{t('empty.title')}</EmptyState.Title>
          <EmptyState.Description>{searching ? t('empty.search', { name }) : t('empty.description')}</EmptyState.Description>
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );

  return (
    <Stack gap="4" data-testid="menu-page">
      <SearchBar
        onSearch={() => setName(draft)}
        onReset={() => {
          setDraft('');
          setName('');
        }}
        loading={query.isFetching}
        testId="menu-search"
      >
        <Field.Root>
          <Field.Label>{t('searchName')}</Field.Label>
          <Input size="sm" value={draft} placeholder={t('searchPlaceholder')} onChange={(event) => setDraft(event.currentTarget.value)} data-testid="menu-search-name" />
        </Field.Root>
      </SearchBar>
      <Card.Root size="sm">
        <Card.Body>
          <Stack gap="4">
            <Flex gap="2" wrap="wrap" align="center">
              <Authorized action="system:permission:add">
                <Button size="sm" onClick={() => openForm({ kind: 'add' })} data-testid="menu-add">
                  {t('addMenu')}
                </Button>
              </Authorized>
              <Authorized action="system:permission:delete">
                <Button size="sm" variant="outline" colorPalette="red" onClick={askBatchDelete} data-testid="menu-batch-delete">
                  <TrashIcon />
                  {t('action.batchDelete', { ns: 'dataTable' })}
                </Button>
              </Authorized>
              {/* One group, so that on phones both wrap together instead of one hanging below. */}
              <HStack gap="2" marginStart="auto">
                <Button size="sm" variant="ghost" onClick={() => setExpanded(Object.fromEntries(parentIds(rows).map((id) => [id, true])))} disabled={searching} data-testid="menu-expand-all">
                  {t('expandAll')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setExpanded({})} disabled={searching} data-testid="menu-collapse-all">
                  {t('collapseAll')}
                </Button>
              </HStack>
            </Flex>
            <DataTable
              columns={columns}
              rows={rows}
              loading={query.isFetching}
              pagination={false}
              getRowId={(row) => row.id}
              getSubRows={searching ? undefined : (row) => (row.children && row.children.length > 0 ? row.children : undefined)}
              expanded={expanded}
              onExpandedChange={setExpanded}
              selectedIds={selection}
              onSelectionChange={setSelection}
              emptyState={emptyState}
              caption={t('caption')}
              testId="menu-table"
            />
          </Stack>
        </Card.Body>
      </Card.Root>
      <MenuFormDrawer
        open={formOpen}
        onOpenChange={setFormOpen}
        target={formTarget}
        tree={fullTree.data ?? (searching ? [] : rows)}
        onSaved={() => void refresh()}
      />
      <DataRuleDrawer permission={rulesFor} onClose={() => setRulesFor(undefined)} />
      {dialog}
    </Stack>
  );
}

function RowActions({
  row,
  onEdit,
  onAddChild,
  onRules,
  onDelete,
}: {
  row: PermissionRecord;
  onEdit: () => void;
  onAddChild: () => void;
  onRules: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('sysMenu');
  const language = useLanguage();
  const isButton = Number(row.menuType) === 2;
  return (
    <HStack gap="1">
      <Authorized action="system:permission:edit">
        <Button size="xs" variant="ghost" colorPalette="blue" onClick={onEdit} data-testid="menu-edit">
          {t('action.edit', { ns: 'dataTable' })}
        </Button>
      </Authorized>
      <Menu.Root
        positioning={{ placement: 'bottom-end' }}
        onSelect={(details) => {
          if (details.value === 'addChild') onAddChild();
          else if (details.value === 'rules') onRules();
          else if (details.value === 'delete') onDelete();
        }}
      >
        <Menu.Trigger asChild>
          <Button size="xs" variant="ghost" aria-label={t('rowActions', { name: menuName(row, language) })} data-testid="menu-more">
            {t('action.more', { ns: 'dataTable' })}
            <ChevronDownIcon />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="36">
              {!isButton ? (
                <Authorized action="system:permission:add">
                  <Menu.Item value="addChild" data-testid="menu-add-child">
                    {t('addChild')}
                  </Menu.Item>
                </Authorized>
              ) : null}
              {!isButton ? (
                <Menu.Item value="rules" data-testid="menu-rules">
                  {t('dataRules')}
                  {asFlag(row.ruleFlag) ? <Box boxSize="1.5" rounded="full" colorPalette="blue" bg="colorPalette.solid" marginStart="auto" /> : null}
                </Menu.Item>
              ) : null}
              <Authorized action="system:permission:delete">
                <Menu.Item value="delete" color="fg.error" _hover={{ bg: 'bg.error', color: 'fg.error' }} data-testid="menu-delete">
                  {t('action.delete', { ns: 'dataTable' })}
                </Menu.Item>
              </Authorized>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </HStack>
  );
}
