import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { coreReady } from '../core';
import i18n, { loadAllTranslations } from '../i18n';
import { loadedToastStore } from '../components/ui/toaster';
import { closeSessionExpired } from '../lib/session-expiry';
import { clearSession } from '../lib/session';
import { reloadSettings } from '../lib/settings';
import { InertWebSocket } from './websocket';

// `findBy…` and `waitFor` wait up to 10 s, not 1: a dialog's closing animation or a lazy chunk can
// take several seconds on a loaded 2-core CI machine (4 s once failed there, a channel dialog's
// close); what is awaited still has to happen.
configure({ asyncUtilTimeout: 10_000 });

// The app loads translations per namespace on demand, and the WASM core as it starts; tests
// read both synchronously (the app renders only once the core is here, src/app/start.tsx).
beforeAll(loadAllTranslations);
beforeAll(() => coreReady);

beforeEach(async () => {
  // No real sockets from the signed-in layout's live notices (tests unstub globals after each test).
  vi.stubGlobal('WebSocket', InertWebSocket);
  InertWebSocket.made.length = 0;
  localStorage.clear();
  clearSession();
  closeSessionExpired();
  reloadSettings();
  document.cookie = 'client_lang=; path=/; max-age=0';
  await i18n.changeLanguage('zh-CN');
});

afterEach(() => {
  cleanup();
  // Stubs (fetch of the fake server, location …) end with their test; toasts outlive it otherwise.
  vi.unstubAllGlobals();
  // Only a store a test loaded: loading it now would outlive the test's environment.
  loadedToastStore()?.remove();
});
