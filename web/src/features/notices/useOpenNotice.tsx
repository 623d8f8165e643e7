import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { markNoticeRead, type OpenableNotice } from './api';
import { NoticeDetailDialog } from './NoticeDetailDialog';
import { useReloadNotices } from './useNotices';

/** An http(s) address opens in a new window. */
export function isExternalPage(page: string): boolean {
  return /^https?:\/\//i.test(page);
}

/** A path of this app (never another origin: `//host` and `/\host` are refused). */
export function isAppPath(page: string): boolean {
  return page.startsWith('/') && !page.startsWith('//') && !page.startsWith('/\\');
}

/**
 * Opening an announcement (bell item or list row): it is marked read (then the lists reload);
 * one with `openType` "url" goes to its `openPage` (an app path with the router, an http(s)
 * address in a new window); any other opens the detail dialog. Render `dialog` once.
 */
export function useOpenNotice(): { open: (notice: OpenableNotice) => void; dialog: ReactNode } {
  const navigate = useNavigate();
  const reload = useReloadNotices();
  const [detailId, setDetailId] = useState<string>();

  const open = useCallback(
    (notice: OpenableNotice) => {
      markNoticeRead(notice.id)
        .catch(() => undefined)
        .finally(() => void reload());
      const page = notice.openType === 'url' ? (notice.openPage?.trim() ?? '') : '';
      // Opened right away (not after the call): browsers only allow new windows during the click.
      if (page && isExternalPage(page)) {
        window.open(page, '_blank', 'noopener,noreferrer');
        return;
      }
      if (page && isAppPath(page)) {
        void navigate(page);
        return;
      }
      setDetailId(notice.id);
    },
    [navigate, reload],
  );

  const dialog = <NoticeDetailDialog id={detailId} onClose={() => setDetailId(undefined)} />;
  return { open, dialog };
}
