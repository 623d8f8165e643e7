/**
 * The bell's data (`listByUser`, TanStack Query key `['notices', 'byUser']`) and the live
 * connection that reloads it: push messages, polling while the socket is down (see
 * `lib/notices/socket.ts`).
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNoticeConnection } from '../../lib/notices/useNoticeConnection';
import type { ConnectionState } from '../../lib/notices/socket';
import { getToken, useUserInfo } from '../../lib/session';
import { fetchNoticesByUser, MY_ANNOUNCEMENTS_PATH, noticeKeys } from './api';

export const noticesByUserQuery = queryOptions({
  queryKey: noticeKeys.byUser,
  queryFn: ({ signal }) => fetchNoticesByUser(signal),
  retry: false,
  staleTime: 10_000,
});

/** The caller's unread announcements and system messages (loaded on mount). */
export function useNoticesByUser() {
  return useQuery(noticesByUserQuery);
}

/** Reloads the notice lists: the bell and the user's list page. */
export function useReloadNotices(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: noticeKeys.byUser }),
      queryClient.invalidateQueries({ queryKey: ['list', MY_ANNOUNCEMENTS_PATH] }),
    ]);
  }, [queryClient]);
}

/** Keeps the live connection of the signed-in user; mounted once by the signed-in layout. */
export function useLiveNotices(): ConnectionState {
  const queryClient = useQueryClient();
  const user = useUserInfo();
  // Polling refreshes the bell only; a push may also concern the open list page.
  const poll = useCallback(() => queryClient.fetchQuery({ ...noticesByUserQuery, staleTime: 0 }), [queryClient]);
  const reload = useCallback(async () => {
    await poll();
    await queryClient.invalidateQueries({ queryKey: ['list', MY_ANNOUNCEMENTS_PATH] });
  }, [poll, queryClient]);
  return useNoticeConnection({ userId: user?.id, token: user ? getToken() : undefined, reload, poll });
}
