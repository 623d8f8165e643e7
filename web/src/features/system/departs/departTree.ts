/** Pure helpers over the department tree of GET /sys/sysDepart/queryTreeList. */
import type { Language } from '../../../i18n';
import type { DepartNode } from './api';

/** The department's name in the UI language (the Chinese name when there is no English one). */
export function departName(node: Pick<DepartNode, 'departName' | 'departNameEn' | 'title'>, language: Language): string {
  if (language === 'en-US' && node.departNameEn) return node.departNameEn;
  return node.departName || node.title || '';
}

/** Finds a department anywhere in the tree. */
export function findDepart(nodes: readonly DepartNode[], id: string | undefined): DepartNode | undefined {
  if (!id) return undefined;
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findDepart(node.children ?? [], id);
    if (found) return found;
  }
  return undefined;
}

/** Ids of the departments on the way to `id` (its ancestors, root first), for expanding the tree. */
export function ancestorIds(nodes: readonly DepartNode[], id: string): string[] {
  const walk = (list: readonly DepartNode[], path: string[]): string[] | undefined => {
    for (const node of list) {
      if (node.id === id) return path;
      const found = walk(node.children ?? [], [...path, node.id]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(nodes, []) ?? [];
}
