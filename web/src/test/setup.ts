import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import i18n from '../i18n';

beforeEach(async () => {
  localStorage.clear();
  document.cookie = 'client_lang=; path=/; max-age=0';
  await i18n.changeLanguage('zh-CN');
});

afterEach(() => {
  cleanup();
});
