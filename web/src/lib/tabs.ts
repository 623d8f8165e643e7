/**
 * Multi-tab mode (spec section 2): the open pages as tabs. The dashboard is the fixed first tab
 * and cannot be closed; the last tab cannot be closed either. A refused close says why through
 * `refused` (`home` or `last`); the layout shows the localized message.
 */
import { HOME_PATH } from './guard';

export interface TabsState {
  /** Paths (with their query) of the open pages, in tab order. */
  paths: string[];
  active: string;
  /** Bumped per path to remount a page ("refresh"). */
  generation: Record<string, number>;
  /** Why the last close was refused, if it was. */
  refused?: 'home' | 'last';
}

export type TabsAction =
  | { type: 'open'; path: string }
  | { type: 'close'; path: string }
  | { type: 'closeLeft'; path: string }
  | { type: 'closeRight'; path: string }
  | { type: 'closeOthers'; path: string }
  | { type: 'refresh'; path: string };

export function initialTabs(active: string, home: string = HOME_PATH): TabsState {
  const paths = active === home ? [home] : [home, active];
  return { paths, active, generation: {} };
}

/** The home tab stays first and is never removed by a bulk close. */
function keep(state: TabsState, paths: string[], home: string, activeFallback: string): TabsState {
  const kept = paths.includes(home) || !state.paths.includes(home) ? paths : [home, ...paths];
  const active = kept.includes(state.active) ? state.active : activeFallback;
  return { ...state, paths: kept, active, refused: undefined };
}

export function tabsReducer(state: TabsState, action: TabsAction, home: string = HOME_PATH): TabsState {
  const index = state.paths.indexOf(action.path);
  switch (action.type) {
    case 'open': {
      if (index >= 0) return { ...state, active: action.path, refused: undefined };
      return { ...state, paths: [...state.paths, action.path], active: action.path, refused: undefined };
    }
    case 'close': {
      if (index < 0) return state;
      if (state.paths.length <= 1) return { ...state, refused: 'last' };
      if (action.path === home) return { ...state, refused: 'home' };
      const paths = state.paths.filter((p) => p !== action.path);
      const neighbour = paths[Math.min(index, paths.length - 1)] ?? home;
      return { ...state, paths, active: state.active === action.path ? neighbour : state.active, refused: undefined };
    }
    case 'closeLeft':
      if (index < 0) return state;
      return keep(state, state.paths.slice(index), home, action.path);
    case 'closeRight':
      if (index < 0) return state;
      return keep(state, state.paths.slice(0, index + 1), home, action.path);
    case 'closeOthers':
      if (index < 0) return state;
      return keep(state, [action.path], home, action.path);
    case 'refresh':
      return {
        ...state,
        generation: { ...state.generation, [action.path]: (state.generation[action.path] ?? 0) + 1 },
        refused: undefined,
      };
    default:
      return state;
  }
}
