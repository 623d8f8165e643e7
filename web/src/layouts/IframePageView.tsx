import { chakra } from '@chakra-ui/react';
import { useLocation } from 'react-router';
import { PageUnavailable } from '../components/PageStates';
import { resolveChain } from '../lib/routes';
import { usePermissions } from '../lib/permission';
import { useLanguage } from '../i18n';
import { routeTitle } from '../lib/menu';

/** `layouts/IframePageView`: a menu page that shows `meta.url` in a frame. */
export default function IframePageView() {
  const { pathname } = useLocation();
  const { routes } = usePermissions();
  const lang = useLanguage();
  const route = resolveChain(routes, pathname).at(-1);
  const url = route?.meta?.url;
  if (!route || !url) return <PageUnavailable component="layouts/IframePageView" />;
  return (
    <chakra.iframe src={url} title={routeTitle(route, lang)} w="full" h="calc(100dvh - 220px)" minH="96" borderWidth="1px" rounded="md" bg="bg" data-testid="iframe-page" />
  );
}
