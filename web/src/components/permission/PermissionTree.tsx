/**
 * The checkbox tree of grantable menus and buttons (role, department and sub-account grants).
 *
 * Props: `nodes` (the `treeList` of `GET /sys/permission/queryTreeList` and siblings), `checked`
 * (the granted ids, controlled) and `onChange(ids)`; `disabled` makes it read-only;
 * `onNodeDataRule(node)` shows a "Data rules" link on nodes with `ruleFlag`.
 *
 * Toolbar: search (title in either language or permission code), check all / uncheck all, expand
 * all / collapse all and the "link parent and children" switch (on by default). See
 * permissionTreeModel.ts for the linkage: the set passed to `onChange` holds the checked nodes
 * and their ancestors, as JeecgBoot saves it. Button nodes (menuType 2) carry a small badge.
 */
import { Badge, Box, Button, Checkbox, Flex, HStack, IconButton, Input, InputGroup, Switch, Text, VStack, Wrap } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronRightIcon, FolderIcon, SearchIcon } from '../icons';
import { ListEmpty } from '../list/ListEmpty';
import { useLanguage } from '../../i18n/index';
import { checkStates, indexTree, nodeTitle, searchTree, toggleNode, type CheckState, type TreeNode } from './permissionTreeModel';

export type { TreeNode } from './permissionTreeModel';

/** Props of {@link PermissionTree}. */
export interface PermissionTreeProps {
  nodes: TreeNode[];
  /** Granted permission ids (controlled). */
  checked: string[];
  onChange: (checked: string[]) => void;
  /** Read-only: nothing can be checked or unchecked. */
  disabled?: boolean;
  /** Shows a "Data rules" link on nodes with `ruleFlag`; called with the node. */
  onNodeDataRule?: (node: TreeNode) => void;
  /** Maximum height of the scrolling list (default 60vh). */
  maxHeight?: string;
  testId?: string;
}

export function PermissionTree({ nodes, checked, onChange, disabled = false, onNodeDataRule, maxHeight = '60vh', testId = 'permission-tree' }: PermissionTreeProps) {
  const { t } = useTranslation('sysRole');
  const language = useLanguage();
  const [query, setQuery] = useState('');
  const [linked, setLinked] = useState(true);
  const [expandedOverride, setExpandedOverride] = useState<Set<string>>();

  const index = useMemo(() => indexTree(nodes), [nodes]);
  const checkedSet = useMemo(() => new Set(checked), [checked]);
  const states = useMemo(() => checkStates(nodes, checkedSet, linked), [nodes, checkedSet, linked]);
  const search = useMemo(() => searchTree(nodes, query, language), [nodes, query, language]);
  const expanded = useMemo(() => expandedOverride ?? new Set(nodes.map((node) => node.key)), [expandedOverride, nodes]);
  const parents = useMemo(() => index.keys.filter((key) => (index.byKey.get(key)?.children?.length ?? 0) > 0), [index]);
  const checkedCount = index.keys.filter((key) => checkedSet.has(key)).length;

  const toggle = (key: string) => {
    if (disabled) return;
    onChange(toggleNode(key, states.get(key) ?? 'unchecked', checked, index, linked));
  };

  const toggleExpanded = (key: string) => {
    const next = new Set(expanded);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setExpandedOverride(next);
  };

  const renderNode = (node: TreeNode, level: number) => {
    if (search && !search.visible.has(node.key)) return null;
    const children = node.children ?? [];
    const hasChildren = children.length > 0;
    const isOpen = hasChildren && (search ? search.open.has(node.key) || expanded.has(node.key) : expanded.has(node.key));
    const state: CheckState = states.get(node.key) ?? 'unchecked';
    const title = nodeTitle(node, language);
    const isButton = Number(node.menuType) === 2;
    return (
      <Box key={node.key} role="treeitem" aria-level={level} aria-expanded={hasChildren ? isOpen : undefined} aria-selected={state === 'checked'}>
        <HStack
          gap="1.5"
          paddingStart={`calc(${level - 1} * var(--chakra-spacing-5))`}
          paddingEnd="2"
          paddingY="1"
          rounded="sm"
          _hover={{ bg: 'bg.muted' }}
          data-testid={`tree-node-${node.key}`}
          data-state={state}
        >
          {hasChildren ? (
            <IconButton
              size="2xs"
              variant="ghost"
              aria-label={isOpen ? t('tree.collapse') : t('tree.expand')}
              onClick={() => toggleExpanded(node.key)}
            >
              <ChevronRightIcon transform={isOpen ? 'rotate(90deg)' : undefined} transition="transform 0.15s" />
            </IconButton>
          ) : (
            <Box width="6" flexShrink={0} />
          )}
          <Checkbox.Root
            size="sm"
            checked={state === 'indeterminate' ? 'indeterminate' : state === 'checked'}
            disabled={disabled}
            onCheckedChange={() => toggle(node.key)}
            minWidth="0"
          >
            <Checkbox.HiddenInput data-testid={`tree-check-${node.key}`} />
            <Checkbox.Control />
            <Checkbox.Label fontWeight={hasChildren ? 'medium' : 'normal'} truncate>
              {title}
            </Checkbox.Label>
          </Checkbox.Root>
          {isButton ? (
            <Badge size="xs" variant="surface" colorPalette="gray" flexShrink={0}>
              {t('tree.button')}
            </Badge>
          ) : null}
          {node.perms ? (
            <Text textStyle="xs" color="fg.subtle" truncate hideBelow="md" fontFamily="mono">
              {node.perms}
            </Text>
          ) : null}
          {node.ruleFlag && onNodeDataRule ? (
            <Button size="2xs" variant="plain" color="colorPalette.fg" paddingX="1" flexShrink={0} onClick={() => onNodeDataRule(node)} data-testid={`tree-rules-${node.key}`}>
              {t('tree.dataRules')}
            </Button>
          ) : null}
        </HStack>
        {isOpen ? <Box>{children.map((child) => renderNode(child, level + 1))}</Box> : null}
      </Box>
    );
  };

  const rendered = nodes.map((node) => renderNode(node, 1));
  const nothingShown = nodes.length === 0 || (search !== undefined && search.visible.size === 0);

  return (
    <VStack align="stretch" gap="3" data-testid={testId}>
      <Flex gap="2" wrap="wrap" align="center">
        <InputGroup startElement={<SearchIcon />} flex="1" minWidth="48">
          <Input size="sm" value={query} placeholder={t('tree.search')} aria-label={t('tree.search')} onChange={(event) => setQuery(event.currentTarget.value)} data-testid="tree-search" />
        </InputGroup>
        <Switch.Root size="sm" checked={linked} onCheckedChange={(details) => setLinked(details.checked)} disabled={disabled}>
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t('tree.linked')}</Switch.Label>
        </Switch.Root>
      </Flex>
      <Wrap gap="2" align="center">
        <Button size="xs" variant="outline" disabled={disabled} onClick={() => onChange([...index.keys])} data-testid="tree-check-all">
          {t('tree.checkAll')}
        </Button>
        <Button size="xs" variant="outline" disabled={disabled} onClick={() => onChange([])} data-testid="tree-uncheck-all">
          {t('tree.uncheckAll')}
        </Button>
        <Button size="xs" variant="outline" onClick={() => setExpandedOverride(new Set(parents))} data-testid="tree-expand-all">
          {t('tree.expandAll')}
        </Button>
        <Button size="xs" variant="outline" onClick={() => setExpandedOverride(new Set())} data-testid="tree-collapse-all">
          {t('tree.collapseAll')}
        </Button>
        <Text textStyle="xs" color="fg.muted" marginStart="auto" data-testid="tree-count">
          {t('tree.selectedCount', { count: checkedCount, total: index.keys.length })}
        </Text>
      </Wrap>
      <Box borderWidth="1px" rounded="md" padding="2" maxHeight={maxHeight} overflowY="auto">
        {nothingShown ? (
          <ListEmpty icon={<FolderIcon />} description={nodes.length === 0 ? t('tree.empty') : t('tree.noMatch')} />
        ) : (
          <Box role="tree" aria-multiselectable aria-label={t('tree.label')}>
            {rendered}
          </Box>
        )}
      </Box>
    </VStack>
  );
}
