import { describe, expect, test } from 'vitest';
import { initialTabs, tabsReducer, type TabsState } from './tabs';

const HOME = '/dashboard/analysis';
const open = (...paths: string[]): TabsState =>
  paths.reduce((state, path) => tabsReducer(state, { type: 'open', path }), initialTabs(HOME));

describe('multi-tab reducer', () => {
  test('the dashboard is the fixed first tab; visiting a page adds or activates its tab', () => {
    expect(initialTabs('/a').paths).toEqual([HOME, '/a']);
    const state = open('/a', '/b', '/a');
    expect(state.paths).toEqual([HOME, '/a', '/b']);
    expect(state.active).toBe('/a');
  });

  test('closing the active tab activates its right neighbour, else the left one', () => {
    let state = open('/a', '/b', '/c', '/b');
    state = tabsReducer(state, { type: 'close', path: '/b' });
    expect(state.paths).toEqual([HOME, '/a', '/c']);
    expect(state.active).toBe('/c');
    state = tabsReducer(state, { type: 'close', path: '/c' });
    expect(state.active).toBe('/a');
  });

  test('closing another tab keeps the active one', () => {
    const state = tabsReducer(open('/a', '/b'), { type: 'close', path: '/a' });
    expect(state.paths).toEqual([HOME, '/b']);
    expect(state.active).toBe('/b');
  });

  test('the home page cannot be closed', () => {
    const state = tabsReducer(open('/a'), { type: 'close', path: HOME });
    expect(state.paths).toEqual([HOME, '/a']);
    expect(state.refused).toBe('home');
  });

  test('the last page cannot be closed', () => {
    const state = tabsReducer(initialTabs(HOME), { type: 'close', path: HOME });
    expect(state.paths).toEqual([HOME]);
    expect(state.refused).toBe('last');
  });

  test('close left keeps home, the tab and those to its right', () => {
    const state = tabsReducer(open('/a', '/b', '/c', '/a'), { type: 'closeLeft', path: '/b' });
    expect(state.paths).toEqual([HOME, '/b', '/c']);
    expect(state.active).toBe('/b');
  });

  test('close right keeps the tab and those to its left', () => {
    const state = tabsReducer(open('/a', '/b', '/c'), { type: 'closeRight', path: '/a' });
    expect(state.paths).toEqual([HOME, '/a']);
    expect(state.active).toBe('/a');
  });

  test('close others keeps home and the tab', () => {
    const state = tabsReducer(open('/a', '/b', '/c'), { type: 'closeOthers', path: '/b' });
    expect(state.paths).toEqual([HOME, '/b']);
    expect(state.active).toBe('/b');
    expect(tabsReducer(open('/a', '/b'), { type: 'closeOthers', path: HOME }).paths).toEqual([HOME]);
  });

  test('bulk closes keep the active tab when it survives', () => {
    const state = tabsReducer(open('/a', '/b', '/c', '/c'), { type: 'closeLeft', path: '/b' });
    expect(state.active).toBe('/c');
  });

  test('refresh bumps the generation of the tab (remounts the page)', () => {
    let state = open('/a');
    state = tabsReducer(state, { type: 'refresh', path: '/a' });
    state = tabsReducer(state, { type: 'refresh', path: '/a' });
    expect(state.generation['/a']).toBe(2);
    expect(state.paths).toEqual([HOME, '/a']);
  });

  test('a refused close is forgotten by the next action', () => {
    let state = tabsReducer(initialTabs(HOME), { type: 'close', path: HOME });
    state = tabsReducer(state, { type: 'open', path: '/a' });
    expect(state.refused).toBeUndefined();
  });
});
