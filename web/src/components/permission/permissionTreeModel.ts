/**
 * The check logic of {@link PermissionTree} (pure, tested on its own).
 *
 * Linked mode (JeecgBoot's `checkStrictly=false`): checking a node checks its descendants and
 * its ancestors; unchecking removes the node and its descendants, and ancestors that no longer
 * have a checked descendant. A parent shows checked when all its children are, indeterminate
 * when some are (or when it is granted on its own). The saved set therefore holds the checked
 * nodes and their ancestors. Independent mode: a click changes the node itself (checking still
 * adds its ancestors, a button without its menu is useless).
 */

/** A node of `GET /sys/permission/queryTreeList` and its siblings (contract "Roles"). */
export interface TreeNode {
  key: string;
  value?: string;
  title: string;
  titles?: Partial<Record<'zh-CN' | 'en-US', string>>;
  /** 0 menu, 1 sub-menu, 2 button. */
  menuType?: number;
  perms?: string | null;
  isLeaf?: boolean;
  /** The permission has data rules. */
  ruleFlag?: number | boolean;
  children?: TreeNode[] | null;
}

export type CheckState = 'checked' | 'indeterminate' | 'unchecked';

export interface TreeIndex {
  byKey: Map<string, TreeNode>;
  parent: Map<string, string | undefined>;
  /** Every key, depth first. */
  keys: string[];
}

export function indexTree(nodes: readonly TreeNode[]): TreeIndex {
  const byKey = new Map<string, TreeNode>();
  const parent = new Map<string, string | undefined>();
  const keys: string[] = [];
  const walk = (list: readonly TreeNode[] | null | undefined, parentKey: string | undefined) => {
    for (const node of list ?? []) {
      byKey.set(node.key, node);
      parent.set(node.key, parentKey);
      keys.push(node.key);
      walk(node.children, node.key);
    }
  };
  walk(nodes, undefined);
  return { byKey, parent, keys };
}

export function descendants(node: TreeNode): string[] {
  const out: string[] = [];
  const walk = (list: readonly TreeNode[] | null | undefined) => {
    for (const child of list ?? []) {
      out.push(child.key);
      walk(child.children);
    }
  };
  walk(node.children);
  return out;
}

export function ancestors(key: string, index: TreeIndex): string[] {
  const out: string[] = [];
  for (let current = index.parent.get(key); current !== undefined; current = index.parent.get(current)) out.push(current);
  return out;
}

/** The display state of every node for the checked set. */
export function checkStates(nodes: readonly TreeNode[], checked: ReadonlySet<string>, linked: boolean): Map<string, CheckState> {
  const states = new Map<string, CheckState>();
  const visit = (node: TreeNode): CheckState => {
    const children = node.children ?? [];
    const childStates = children.map(visit);
    let state: CheckState;
    if (!linked || children.length === 0) state = checked.has(node.key) ? 'checked' : 'unchecked';
    else if (childStates.every((s) => s === 'checked')) state = 'checked';
    else if (childStates.some((s) => s !== 'unchecked') || checked.has(node.key)) state = 'indeterminate';
    else state = 'unchecked';
    states.set(node.key, state);
    return state;
  };
  nodes.forEach(visit);
  return states;
}

/** The checked set after a click on `key` (whose current display state is `state`). */
export function toggleNode(key: string, state: CheckState, checked: readonly string[], index: TreeIndex, linked: boolean): string[] {
  const node = index.byKey.get(key);
  if (!node) return [...checked];
  const next = new Set(checked);
  if (state === 'checked') {
    next.delete(key);
    if (linked) {
      for (const child of descendants(node)) next.delete(child);
      for (const up of ancestors(key, index)) {
        const upNode = index.byKey.get(up);
        if (upNode && descendants(upNode).some((child) => next.has(child))) break;
        next.delete(up);
      }
    }
  } else {
    next.add(key);
    if (linked) for (const child of descendants(node)) next.add(child);
    for (const up of ancestors(key, index)) next.add(up);
  }
  // Keep the tree's order: stable ids make the saved diff readable.
  return index.keys.filter((k) => next.has(k)).concat([...next].filter((k) => !index.byKey.has(k)));
}

/** The title in the UI language. */
export function nodeTitle(node: TreeNode, language: 'zh-CN' | 'en-US'): string {
  return node.titles?.[language] || node.title;
}

/**
 * Keys shown for a search: matches, their ancestors (expanded) and their descendants.
 * `undefined` when the query is empty (everything shows).
 */
export function searchTree(nodes: readonly TreeNode[], query: string, language: 'zh-CN' | 'en-US'): { visible: Set<string>; open: Set<string> } | undefined {
  const needle = query.trim().toLowerCase();
  if (needle === '') return undefined;
  const index = indexTree(nodes);
  const visible = new Set<string>();
  const open = new Set<string>();
  for (const key of index.keys) {
    const node = index.byKey.get(key);
    if (!node) continue;
    const haystack = `${nodeTitle(node, language)} ${node.title} ${node.perms ?? ''}`.toLowerCase();
    if (!haystack.includes(needle)) continue;
    visible.add(key);
    for (const up of ancestors(key, index)) {
      visible.add(up);
      open.add(up);
    }
    for (const down of descendants(node)) visible.add(down);
  }
  return { visible, open };
}
