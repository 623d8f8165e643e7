import { createRoot } from 'react-dom/client';
import { start } from './app/start';
// Importing the core instantiates the WASM module once, before the first render.
import './core';
import './i18n';
import { applySettingsToDocument, settingsStore } from './lib/settings';
import { registerServiceWorker } from './sw/register';

applySettingsToDocument(settingsStore.get());
const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain #root');

// The sign-in page alone for a visitor without a session, else the whole app (src/app/start.tsx).
start(createRoot(root));

// The offline app shell (precached build, see src/sw); never in the dev server.
if (import.meta.env.PROD) registerServiceWorker();
