/**
 * The layout settings of the settings drawer (spec sections 2 and 9), kept in localStorage and
 * applied live. Defaults: light menu, #1890FF, top menu, fixed content width, multi-tab off.
 */
import { createStore, useStore } from './store';

export const SETTINGS_KEY = 'APP_LAYOUT_SETTINGS';

/** The eight named theme colours; `id` is the Chakra palette, `color` what is stored. */
export const THEME_COLORS = [
  { id: 'daybreak', color: '#1890FF' },
  { id: 'dust', color: '#F5222D' },
  { id: 'volcano', color: '#FA541C' },
  { id: 'sunset', color: '#FAAD14' },
  { id: 'lagoon', color: '#13C2C2' },
  { id: 'aurora', color: '#52C41A' },
  { id: 'geekblue', color: '#2F54EB' },
  { id: 'plum', color: '#722ED1' },
] as const;

export type ThemeColorId = (typeof THEME_COLORS)[number]['id'];

export interface LayoutSettings {
  menuTheme: 'dark' | 'light';
  /** One of {@link THEME_COLORS}' colours, e.g. `#1890FF`. */
  primaryColor: string;
  layout: 'sidemenu' | 'topmenu';
  contentWidth: 'fixed' | 'fluid';
  fixedHeader: boolean;
  autoHideHeader: boolean;
  fixedSidebar: boolean;
  colorWeak: boolean;
  multipage: boolean;
  /** The side menu is collapsed to icons (80 px). */
  sidebarCollapsed: boolean;
}

export const DEFAULT_SETTINGS: LayoutSettings = {
  menuTheme: 'light',
  primaryColor: '#1890FF',
  layout: 'topmenu',
  contentWidth: 'fixed',
  fixedHeader: false,
  autoHideHeader: false,
  fixedSidebar: false,
  colorWeak: false,
  multipage: false,
  sidebarCollapsed: false,
};

const CHOICES: { [K in keyof LayoutSettings]?: readonly LayoutSettings[K][] } = {
  menuTheme: ['dark', 'light'],
  primaryColor: THEME_COLORS.map((c) => c.color),
  layout: ['sidemenu', 'topmenu'],
  contentWidth: ['fixed', 'fluid'],
};

/** Stored values of the right type win over the defaults; anything else is ignored. */
export function parseSettings(raw: string | null): LayoutSettings {
  const settings = { ...DEFAULT_SETTINGS };
  if (!raw) return settings;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return settings;
  }
  if (typeof stored !== 'object' || stored === null) return settings;
  const record = stored as Record<string, unknown>;
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof LayoutSettings)[]) {
    const value = record[key];
    const choices = CHOICES[key] as readonly unknown[] | undefined;
    if (typeof value !== typeof DEFAULT_SETTINGS[key]) continue;
    if (key === 'primaryColor' && typeof value === 'string') {
      const match = THEME_COLORS.find((c) => c.color.toLowerCase() === value.toLowerCase());
      if (match) settings.primaryColor = match.color;
      continue;
    }
    if (choices && !choices.includes(value)) continue;
    (settings as Record<string, unknown>)[key] = value;
  }
  return settings;
}

export function themeColorId(color: string): ThemeColorId {
  return THEME_COLORS.find((c) => c.color.toLowerCase() === color.toLowerCase())?.id ?? 'daybreak';
}

function readSettings(): LayoutSettings {
  try {
    return parseSettings(localStorage.getItem(SETTINGS_KEY));
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export const settingsStore = createStore<LayoutSettings>(readSettings());

/** Puts the theme colour and colour-weak mode on `<html>`, where the theme's global CSS reads them. */
export function applySettingsToDocument(settings: LayoutSettings, root: HTMLElement = document.documentElement): void {
  root.dataset.themeColor = themeColorId(settings.primaryColor);
  if (settings.colorWeak) root.dataset.colorWeak = '';
  else delete root.dataset.colorWeak;
}

settingsStore.subscribe(() => {
  const settings = settingsStore.get();
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  applySettingsToDocument(settings);
});

export function updateSettings(patch: Partial<LayoutSettings>): void {
  settingsStore.set((previous) => ({ ...previous, ...patch }));
}

/** Back to the defaults (and out of localStorage). */
export function resetSettings(): void {
  settingsStore.set({ ...DEFAULT_SETTINGS });
}

/** Re-reads localStorage (after a test or another tab changed it). */
export function reloadSettings(): void {
  settingsStore.set(readSettings());
  applySettingsToDocument(settingsStore.get());
}

export function useSettings(): LayoutSettings {
  return useStore(settingsStore);
}
