import { describe, expect, test } from 'vitest';
import {
  DEFAULT_SETTINGS,
  SETTINGS_KEY,
  applySettingsToDocument,
  parseSettings,
  reloadSettings,
  resetSettings,
  settingsStore,
  themeColorId,
  updateSettings,
} from './settings';

describe('layout settings', () => {
  test('defaults of spec section 9: #1890FF, light, top menu, fixed width, multi-tab off', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      primaryColor: '#1890FF',
      menuTheme: 'light',
      layout: 'topmenu',
      contentWidth: 'fixed',
      multipage: false,
      fixedHeader: false,
      autoHideHeader: false,
      fixedSidebar: false,
      colorWeak: false,
    });
    expect(settingsStore.get()).toEqual(DEFAULT_SETTINGS);
  });

  test('changes are saved in localStorage and read back after a reload', () => {
    updateSettings({ layout: 'sidemenu', menuTheme: 'dark', primaryColor: '#722ED1', multipage: true, fixedHeader: true });
    const saved = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}') as Record<string, unknown>;
    expect(saved).toMatchObject({ layout: 'sidemenu', menuTheme: 'dark', primaryColor: '#722ED1', multipage: true });
    settingsStore.set(DEFAULT_SETTINGS);
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(saved));
    reloadSettings();
    expect(settingsStore.get()).toMatchObject({ layout: 'sidemenu', menuTheme: 'dark', primaryColor: '#722ED1', multipage: true, fixedHeader: true });
  });

  test('unknown or mistyped stored values fall back to the defaults', () => {
    expect(parseSettings('not json')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('{"layout":"diagonal","multipage":"yes","primaryColor":"#123456","menuTheme":"dark"}')).toEqual({
      ...DEFAULT_SETTINGS,
      menuTheme: 'dark',
    });
    expect(parseSettings('{"primaryColor":"#f5222d"}').primaryColor).toBe('#F5222D');
  });

  test('theme colour and colour-weak mode are applied to <html> live', () => {
    updateSettings({ primaryColor: '#52C41A', colorWeak: true });
    expect(document.documentElement.dataset.themeColor).toBe('aurora');
    expect(document.documentElement.hasAttribute('data-color-weak')).toBe(true);
    resetSettings();
    expect(document.documentElement.dataset.themeColor).toBe('daybreak');
    expect(document.documentElement.hasAttribute('data-color-weak')).toBe(false);
    const element = document.createElement('div');
    applySettingsToDocument({ ...DEFAULT_SETTINGS, primaryColor: '#2F54EB' }, element);
    expect(element.dataset.themeColor).toBe('geekblue');
  });

  test('the eight presets map to palettes', () => {
    expect(['#1890FF', '#F5222D', '#FA541C', '#FAAD14', '#13C2C2', '#52C41A', '#2F54EB', '#722ED1'].map(themeColorId)).toEqual([
      'daybreak',
      'dust',
      'volcano',
      'sunset',
      'lagoon',
      'aurora',
      'geekblue',
      'plum',
    ]);
  });
});
