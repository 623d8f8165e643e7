import { ChakraProvider } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { loadToastStore, toaster } from '../components/ui/toaster';
import i18n from '../i18n';
import { useSessionExpired } from '../lib/session-expiry';
import { loadShellTheme, system } from './theme';

// Loaded the first time they are needed, not with the first page (see bench/README.md, page
// weight), with the recipes they use (src/app/theme.ts) and, for toasts, the toast store.
const ToasterView = lazy(() =>
  Promise.all([import('../components/ui/toaster-view'), loadToastStore(), loadShellTheme()]).then(([module]) => module),
);
const SessionExpiredDialog = lazy(() =>
  Promise.all([import('../components/SessionExpiredDialog'), loadShellTheme()]).then(([module]) => ({
    default: module.SessionExpiredDialog,
  })),
);

/** True from the first toast on (the toaster's view mounts then and shows the queued toasts). */
function useToasted(): boolean {
  const [toasted, setToasted] = useState(() => toaster.getCount() > 0);
  useEffect(() => {
    if (toasted) return undefined;
    // A toast created between the first render and this effect is caught by the store check.
    const unsubscribe = toaster.subscribe(() => setToasted(true));
    queueMicrotask(() => {
      if (toaster.getCount() > 0) setToasted(true);
    });
    return unsubscribe;
  }, [toasted]);
  return toasted;
}

/** True from the first time the sign-in expired dialog opens (it stays mounted to animate out). */
function useSessionExpiredShown(): boolean {
  const open = useSessionExpired();
  const [shown, setShown] = useState(open);
  if (open && !shown) setShown(true);
  return shown;
}

function DeferredOverlays() {
  const toasted = useToasted();
  const sessionExpired = useSessionExpiredShown();
  return (
    <>
      <Suspense fallback={null}>{toasted ? <ToasterView /> : null}</Suspense>
      <Suspense fallback={null}>{sessionExpired ? <SessionExpiredDialog /> : null}</Suspense>
    </>
  );
}

/** Chakra, translations and the app-wide overlays (TanStack Query comes with the shell: queryClient.tsx). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <I18nextProvider i18n={i18n}>
        {children}
        <DeferredOverlays />
      </I18nextProvider>
    </ChakraProvider>
  );
}
