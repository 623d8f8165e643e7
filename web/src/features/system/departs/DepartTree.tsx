import { Badge, Box, TreeView, createTreeCollection } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BuildingIcon, ChevronRightIcon, FolderIcon, UserIcon } from '../../../components/icons';
import { useLanguage } from '../../../i18n';
import type { DepartNode } from './api';
import { departName } from './departTree';

const ROOT = '__root__';

interface DepartTreeProps {
  nodes: DepartNode[];
  selectedId: string | undefined;
  onSelect: (node: DepartNode) => void;
  expanded: string[];
  onExpandedChange: (expanded: string[]) => void;
}

function CategoryIcon({ category }: { category: string | null | undefined }) {
  if (category === '1') return <BuildingIcon color="fg.muted" />;
  if (category === '3') return <UserIcon color="fg.muted" />;
  return <FolderIcon color="fg.muted" />;
}

/** What a department's row shows after its toggle: its kind, its name (as `Text`, the branch's or the item's) and its code. */
function NodeLabel({ node, Text }: { node: DepartNode; Text: typeof TreeView.BranchText | typeof TreeView.ItemText }) {
  const language = useLanguage();
  return (
    <>
      <CategoryIcon category={node.orgCategory} />
      <Text truncate>{departName(node, language)}</Text>
      {node.orgCode ? (
        <Badge size="xs" variant="outline" marginStart="auto" fontFamily="mono">
          {node.orgCode}
        </Badge>
      ) : null}
    </>
  );
}

/** The department tree (Chakra TreeView: arrow keys move, Enter selects, typeahead finds). */
export function DepartTree({ nodes, selectedId, onSelect, expanded, onExpandedChange }: DepartTreeProps) {
  const { t } = useTranslation('sysDepart');
  const language = useLanguage();
  const collection = useMemo(
    () =>
      createTreeCollection<DepartNode>({
        nodeToValue: (node) => node.id,
        nodeToString: (node) => departName(node, language),
        nodeToChildren: (node) => node.children ?? [],
        rootNode: { id: ROOT, key: ROOT, value: ROOT, title: '', departName: '', departOrder: 0, orgCategory: '', orgCode: '', children: nodes },
      }),
    [nodes, language],
  );

  return (
    <TreeView.Root
      collection={collection}
      size="sm"
      selectionMode="single"
      selectedValue={selectedId ? [selectedId] : []}
      onSelectionChange={(details) => {
        const node = details.selectedNodes[0];
        if (node) onSelect(node);
      }}
      expandedValue={expanded}
      onExpandedChange={(details) => onExpandedChange(details.expandedValue)}
      expandOnClick={false}
      data-testid="depart-tree"
    >
      <TreeView.Label srOnly>{t('treeTitle')}</TreeView.Label>
      <TreeView.Tree>
        <TreeView.Node<DepartNode>
          indentGuide={<TreeView.BranchIndentGuide />}
          render={({ node, nodeState }) =>
            nodeState.isBranch ? (
              <TreeView.BranchControl data-testid={`depart-node-${node.id}`}>
                <TreeView.BranchTrigger display="inline-flex" cursor="pointer" data-testid={`depart-toggle-${node.id}`}>
                  <TreeView.BranchIndicator>
                    <ChevronRightIcon />
                  </TreeView.BranchIndicator>
                </TreeView.BranchTrigger>
                <NodeLabel node={node} Text={TreeView.BranchText} />
              </TreeView.BranchControl>
            ) : (
              <TreeView.Item data-testid={`depart-node-${node.id}`}>
                <Box as="span" width="4" flexShrink={0} />
                <NodeLabel node={node} Text={TreeView.ItemText} />
              </TreeView.Item>
            )
          }
        />
      </TreeView.Tree>
    </TreeView.Root>
  );
}
