import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { MenuRoute } from '../../core';
import { firstLeafPath } from '../../lib/menu';

/** Opens a menu item: external and iframe pages in a new window, others in the app. */
export function useMenuNavigation(afterNavigate?: () => void) {
  const navigate = useNavigate();
  return useCallback(
    (route: MenuRoute) => {
      if (route.meta?.openInNewWindow && route.meta.url) {
        window.open(route.meta.url, '_blank', 'noopener,noreferrer');
      } else {
        void navigate(firstLeafPath(route) ?? route.path);
      }
      afterNavigate?.();
    },
    [navigate, afterNavigate],
  );
}
