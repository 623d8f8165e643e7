import { Badge, Box, Button, Card, CloseButton, Flex, Grid, HStack, Heading, Input, InputGroup, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../components/Authorized';
import { BuildingIcon, SearchIcon, TrashIcon } from '../../../components/icons';
import { ListEmpty, useDeleteRecords } from '../../../components/list';
import { useButtonState } from '../../../hooks/useButtonState';
import { useLanguage } from '../../../i18n';
import { deleteDepart, departKeys, fetchDepartTree, searchDeparts, type DepartNode } from './api';
import { DepartBasicInfo } from './DepartBasicInfo';
import { DepartFormDialog } from './DepartFormDialog';
import { DepartPermissionTab } from './DepartPermissionTab';
import { DepartRolesTab } from './DepartRolesTab';
import { DepartTree } from './DepartTree';
import { ancestorIds, departName, findDepart } from './departTree';
import { DepartUsersTab } from './DepartUsersTab';

type Tab = 'basic' | 'permissions' | 'roles' | 'users';

/** Tab labels stay on one line; on phones the tab list scrolls sideways instead. */
const TAB_TRIGGER = { whiteSpace: 'nowrap', flexShrink: 0 } as const;

/**
 * Departments: the tree on the left (search, add top-level), the selected department on the right
 * (basic info, permissions, roles, users). On phones the tree stacks above the tabs.
 */
export default function DepartListPage() {
  const { t } = useTranslation('sysDepart');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [selectedId, setSelectedId] = useState<string>();
  const [expanded, setExpanded] = useState<string[]>();
  const [adding, setAdding] = useState<{ parent?: DepartNode }>();
  const [tab, setTab] = useState<Tab>('basic');
  const showPermissions = useButtonState('system:depart:authorize') !== 'hidden';
  const showRoles = useButtonState('system:depart:role') !== 'hidden';

  const tree = useQuery({ queryKey: departKeys.tree(), queryFn: ({ signal }) => fetchDepartTree(signal) });
  const search = useQuery({ queryKey: departKeys.search(keyword), queryFn: ({ signal }) => searchDeparts(keyword, signal), enabled: keyword !== '' });
  const nodes = tree.data ?? [];
  const searching = keyword !== '';
  const shown = searching ? (search.data ?? []) : nodes;
  const selected = findDepart(nodes, selectedId) ?? (searching ? search.data?.find((node) => node.id === selectedId) : undefined);
  // Until the user folds or unfolds something, the top level is open.
  const expandedValue = expanded ?? nodes.map((node) => node.id);
  const refresh = () => queryClient.invalidateQueries({ queryKey: departKeys.all });

  const select = (node: DepartNode) => setSelectedId(node.id);

  const onAdded = (created: DepartNode | undefined, parent: DepartNode | undefined) => {
    void refresh();
    if (created?.id) {
      setSelectedId(created.id);
      setTab('basic');
    }
    if (parent) setExpanded([...new Set([...expandedValue, ...ancestorIds(nodes, parent.id), parent.id])]);
  };

  const remover = useDeleteRecords<DepartNode>({
    removeOne: (node) => deleteDepart(node.id),
    title: t('delete.title'),
    describe: (node) => t('delete.description', { name: departName(node, language) }),
    testId: 'depart-delete-confirm',
    afterDelete: () => {
      setSelectedId(undefined);
      return refresh();
    },
  });

  return (
    <Grid templateColumns={{ base: '1fr', lg: 'minmax(260px, 340px) minmax(0, 1fr)' }} gap="4" alignItems="start" data-testid="depart-page">
      <Card.Root size="sm" minWidth="0">
        <Card.Header>
          <Flex gap="2" align="center" wrap="wrap">
            <Heading size="sm" flex="1">
              {t('treeTitle')}
            </Heading>
            <Authorized action="system:depart:add">
              <Button size="xs" variant="outline" onClick={() => setAdding({})} data-testid="depart-add-top">
                {t('addTop')}
              </Button>
            </Authorized>
          </Flex>
        </Card.Header>
        <Card.Body>
          <Stack gap="3">
            <form
              onSubmit={(event) => {
                event.preventDefault();
                setKeyword(draft.trim());
              }}
            >
              <InputGroup
                startElement={<SearchIcon />}
                endElement={
                  draft ? (
                    <CloseButton
                      size="2xs"
                      aria-label={t('clearSearch')}
                      onClick={() => {
                        setDraft('');
                        setKeyword('');
                      }}
                    />
                  ) : undefined
                }
              >
                <Input
                  size="sm"
                  type="search"
                  value={draft}
                  placeholder={t('searchPlaceholder')}
                  aria-label={t('searchPlaceholder')}
                  onChange={(event) => {
                    setDraft(event.currentTarget.value);
                    if (event.currentTarget.value.trim() === '') setKeyword('');
                  }}
                  data-testid="depart-search"
                />
              </InputGroup>
            </form>
            {searching && search.data ? (
              <Text textStyle="xs" color="fg.muted" data-testid="depart-search-count">
                {t('searchResults', { count: search.data.length })}
              </Text>
            ) : null}
            <Box maxHeight={{ base: '50vh', lg: 'calc(100vh - 260px)' }} overflowY="auto" marginX="-2" paddingX="2">
              {tree.isPending || (searching && search.isPending) ? (
                <Stack gap="2" data-testid="depart-tree-skeleton">
                  {Array.from({ length: 6 }, (_, index) => (
                    <Skeleton key={index} height="5" width={`${85 - (index % 3) * 15}%`} />
                  ))}
                </Stack>
              ) : shown.length === 0 ? (
                <ListEmpty
                  icon={<BuildingIcon />}
                  title={searching ? t('empty.search', { keyword }) : t('empty.title')}
                  description={searching ? null : t('empty.description')}
                  testId="depart-tree-empty"
                />
              ) : (
                <DepartTree nodes={shown} selectedId={selectedId} onSelect={select} expanded={expandedValue} onExpandedChange={setExpanded} />
              )}
            </Box>
          </Stack>
        </Card.Body>
      </Card.Root>

      <Card.Root size="sm" minWidth="0">
        {selected ? (
          <>
            <Card.Header>
              <Flex gap="3" align={{ base: 'start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
                <HStack gap="2" flex="1" minWidth="0" wrap="wrap">
                  <Heading size="md" truncate data-testid="depart-selected-name">
                    {departName(selected, language)}
                  </Heading>
                  {selected.orgCode ? (
                    <Badge size="sm" variant="outline" fontFamily="mono">
                      {selected.orgCode}
                    </Badge>
                  ) : null}
                  {selected.orgCategory ? (
                    <Badge size="sm" variant="subtle" colorPalette="blue">
                      {t(`orgCategory.${selected.orgCategory as '1' | '2' | '3'}`, { defaultValue: selected.orgCategory })}
                    </Badge>
                  ) : null}
                </HStack>
                <HStack gap="2">
                  <Authorized action="system:depart:add">
                    <Button size="sm" variant="outline" onClick={() => setAdding({ parent: selected })} data-testid="depart-add-child">
                      {t('addChild')}
                    </Button>
                  </Authorized>
                  <Authorized action="system:depart:delete">
                    <Button size="sm" variant="outline" colorPalette="red" onClick={() => remover.askDelete(selected)} data-testid="depart-delete">
                      <TrashIcon />
                      {t('action.delete', { ns: 'dataTable' })}
                    </Button>
                  </Authorized>
                </HStack>
              </Flex>
            </Card.Header>
            <Card.Body>
              <Tabs.Root key={selected.id} value={tab} onValueChange={(details) => setTab(details.value as Tab)} size="sm" variant="line" lazyMount unmountOnExit>
                <Tabs.List overflowX="auto" overflowY="hidden" marginBottom="4">
                  <Tabs.Trigger value="basic" {...TAB_TRIGGER} data-testid="depart-tab-basic">
                    {t('tabs.basic')}
                  </Tabs.Trigger>
                  {showPermissions ? (
                    <Tabs.Trigger value="permissions" {...TAB_TRIGGER} data-testid="depart-tab-permissions">
                      {t('tabs.permissions')}
                    </Tabs.Trigger>
                  ) : null}
                  {showRoles ? (
                    <Tabs.Trigger value="roles" {...TAB_TRIGGER} data-testid="depart-tab-roles">
                      {t('tabs.roles')}
                    </Tabs.Trigger>
                  ) : null}
                  <Tabs.Trigger value="users" {...TAB_TRIGGER} data-testid="depart-tab-users">
                    {t('tabs.users')}
                  </Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="basic">
                  <DepartBasicInfo key={`${selected.id}-${tree.dataUpdatedAt}`} node={selected} onSaved={() => void refresh()} />
                </Tabs.Content>
                {showPermissions ? (
                  <Tabs.Content value="permissions">
                    <DepartPermissionTab departId={selected.id} />
                  </Tabs.Content>
                ) : null}
                {showRoles ? (
                  <Tabs.Content value="roles">
                    <DepartRolesTab departId={selected.id} />
                  </Tabs.Content>
                ) : null}
                <Tabs.Content value="users">
                  <DepartUsersTab departId={selected.id} />
                </Tabs.Content>
              </Tabs.Root>
            </Card.Body>
          </>
        ) : (
          <Card.Body>
            <ListEmpty size="md" icon={<BuildingIcon />} title={t('noSelection.title')} description={t('noSelection.description')} testId="depart-no-selection" />
          </Card.Body>
        )}
      </Card.Root>
      <DepartFormDialog
        open={adding !== undefined}
        onOpenChange={(open) => (open ? undefined : setAdding(undefined))}
        parent={adding?.parent}
        onSaved={(created) => onAdded(created, adding?.parent)}
      />
      {remover.dialog}
    </Grid>
  );
}
