import { describe, expect, test } from 'vitest';
import { readdirSync } from 'node:fs';
import { compareLocales, LOCALES_DIR } from '../../scripts/check-locales.mjs';
import i18n, { detectLanguage, NAMESPACES, readLocale, setLanguage, toLanguage } from './index';

describe('locales', () => {
  test('zh-CN and en-US have the same keys and placeholders', () => {
    expect(compareLocales()).toEqual([]);
  });

  test('every locale file is a declared namespace, loadable on its own', async () => {
    for (const language of ['zh-CN', 'en-US']) {
      const files = readdirSync(`${LOCALES_DIR}/${language}`).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
      expect(files.toSorted()).toEqual([...NAMESPACES].toSorted());
    }
    expect(await readLocale('en-US', 'common')).toMatchObject({ app: { name: 'Logistics Platform' } });
    await expect(readLocale('fr-FR', 'common')).rejects.toThrow('no translations for fr-FR/common');
  });
});

describe('language', () => {
  test('maps browser tags to the two supported languages', () => {
    expect(toLanguage('zh')).toBe('zh-CN');
    expect(toLanguage('zh_TW')).toBe('zh-CN');
    expect(toLanguage('en-GB')).toBe('en-US');
    expect(toLanguage('fr-FR')).toBeUndefined();
  });

  test('the client_lang cookie wins over the browser language', () => {
    document.cookie = 'client_lang=en-US; path=/';
    expect(detectLanguage()).toBe('en-US');
    document.cookie = 'client_lang=zh-CN; path=/';
    expect(detectLanguage()).toBe('zh-CN');
  });

  test('switching writes the cookie and <html lang>', async () => {
    await setLanguage('en-US');
    expect(document.cookie).toContain('client_lang=en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(i18n.t('app.name')).toBe('Logistics Platform');
    await setLanguage('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(i18n.t('app.name')).toBe('物流管理平台');
  });
});
