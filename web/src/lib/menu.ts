/**
 * Reading the route tree the core builds from the menu: titles in the UI language, the visible
 * menu, the chain of a path (breadcrumbs), the route of a path, and the menu search.
 */
import type { MenuRoute } from '../core';
import type { Language } from '../i18n';

/** The title in `lang` (`meta.titles`), else `meta.title`, else the name or path. */
export function routeTitle(route: MenuRoute, lang: Language): string {
  return route.meta?.titles?.[lang] || route.meta?.title || route.name || route.path;
}

/** Trailing slashes do not make another page. */
export function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The routes from the root to the one whose path is `path` (empty when none is). */
export function findChain(routes: MenuRoute[], path: string): MenuRoute[] {
  const target = normalizePath(path);
  for (const route of routes) {
    if (normalizePath(route.path) === target) return [route];
    const below = findChain(route.children ?? [], target);
    if (below.length > 0) return [route, ...below];
  }
  return [];
}

export function findRoute(routes: MenuRoute[], path: string): MenuRoute | undefined {
  return findChain(routes, path).at(-1);
}

/** The menu as shown: hidden items left out, children likewise. */
export function visibleMenu(routes: MenuRoute[]): MenuRoute[] {
  return routes
    .filter((route) => !route.hidden)
    .map((route) => (route.children ? { ...route, children: visibleMenu(route.children) } : route));
}

/** Whether an item opens a page of its own (no visible children to unfold). */
export function isLeaf(route: MenuRoute): boolean {
  return !route.children || route.children.length === 0;
}

export interface MenuSearchHit {
  route: MenuRoute;
  /** Titles of the parents, for context ("Account / Personal centre"). */
  trail: string[];
  title: string;
}

/** Pages of the visible menu whose title (in `lang`) contains `query`, case-insensitively. */
export function searchMenu(routes: MenuRoute[], query: string, lang: Language, trail: string[] = []): MenuSearchHit[] {
  const needle = query.trim().toLowerCase();
  const hits: MenuSearchHit[] = [];
  for (const route of visibleMenu(routes)) {
    const title = routeTitle(route, lang);
    if (isLeaf(route)) {
      const haystack = [...trail, title].join(' ').toLowerCase();
      if (needle === '' || haystack.includes(needle)) hits.push({ route, trail, title });
    } else {
      hits.push(...searchMenu(route.children ?? [], query, lang, [...trail, title]));
    }
  }
  return hits;
}

/** The first page a parent item leads to: its redirect, else its first visible leaf. */
export function firstLeafPath(route: MenuRoute): string | undefined {
  if (isLeaf(route)) return route.path;
  const children = visibleMenu(route.children ?? []);
  for (const child of children.length > 0 ? children : (route.children ?? [])) {
    const path = firstLeafPath(child);
    if (path) return path;
  }
  return undefined;
}
