import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from './app/providers';
import { PageLoading, routes } from './app/routes';
// Importing the core instantiates the WASM module once, before the first render.
import './core';
import './i18n';
import { applySettingsToDocument, settingsStore } from './lib/settings';
import { registerServiceWorker } from './sw/register';

applySettingsToDocument(settingsStore.get());
const router = createBrowserRouter(routes);
const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain #root');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      {/* Until the first translations arrive (src/i18n loads them per namespace). */}
      <Suspense fallback={<PageLoading />}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProviders>
  </StrictMode>,
);

// The offline app shell (precached build, see src/sw); never in the dev server.
if (import.meta.env.PROD) registerServiceWorker();
