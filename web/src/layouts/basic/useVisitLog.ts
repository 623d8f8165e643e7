import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useLanguage } from '../../i18n';
import { normalizePath, routeTitle } from '../../lib/menu';
import { usePermissions } from '../../lib/permission';
import { resolveChain } from '../../lib/routes';
import { visitReporter, type VisitReporter } from '../../lib/visit-log';

/**
 * Reports each page opened inside the signed-in layout to the visit log (path and title in the UI
 * language). Paths no page answers (sent on to 404) are not reported.
 */
export function useVisitLog(reporter: VisitReporter = visitReporter): void {
  const { pathname } = useLocation();
  const { routes, loaded } = usePermissions();
  const lang = useLanguage();
  // Only a new path is a new visit, not a language switch or a menu reload: read those through a ref.
  const context = useRef({ routes, lang });
  useEffect(() => {
    context.current = { routes, lang };
  });
  useEffect(() => {
    if (!loaded) return;
    const route = resolveChain(context.current.routes, pathname).at(-1);
    if (!route) return;
    reporter.report(normalizePath(pathname), routeTitle(route, context.current.lang));
  }, [pathname, loaded, reporter]);
}
