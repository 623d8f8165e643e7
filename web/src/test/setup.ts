import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import i18n from '../i18n';
import { closeSessionExpired } from '../lib/session-expiry';
import { clearSession } from '../lib/session';
import { reloadSettings } from '../lib/settings';

beforeEach(async () => {
  localStorage.clear();
  clearSession();
  closeSessionExpired();
  reloadSettings();
  document.cookie = 'client_lang=; path=/; max-age=0';
  await i18n.changeLanguage('zh-CN');
});

afterEach(() => {
  cleanup();
});
