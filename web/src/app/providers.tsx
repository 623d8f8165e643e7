import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { toaster } from '../components/ui/toaster';
import i18n from '../i18n';
import { useSessionExpired } from '../lib/session-expiry';
import { system } from './theme';

// Loaded the first time they are needed, not with the first page (see bench/README.md, page weight).
const ToasterView = lazy(() => import('../components/ui/toaster-view'));
const SessionExpiredDialog = lazy(() =>
  import('../components/SessionExpiredDialog').then((module) => ({ default: module.SessionExpiredDialog })),
);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

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

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <ChakraProvider value={system}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          {children}
          <DeferredOverlays />
        </QueryClientProvider>
      </I18nextProvider>
    </ChakraProvider>
  );
}
