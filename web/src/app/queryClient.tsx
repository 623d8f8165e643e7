/**
 * TanStack Query for the signed-in shell. Its pages read the server through it; the public pages
 * do not, so it loads with the shell (src/app/routes.tsx), not with the sign-in page.
 */
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

let appClient: QueryClient | undefined;

/** The app's one client, made the first time the shell loads and kept for the whole visit. */
export function appQueryClient(): QueryClient {
  appClient ??= createQueryClient();
  return appClient;
}

/** Provides the app's client to the shell, unless a client is provided already (tests). */
export function ShellQueryProvider({ children }: { children: ReactNode }) {
  const provided = useContext(QueryClientContext);
  if (provided) return children;
  return <QueryClientProvider client={appQueryClient()}>{children}</QueryClientProvider>;
}
