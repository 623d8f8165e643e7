import { Breadcrumb, Heading, Stack } from '@chakra-ui/react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useLanguage } from '../../i18n';
import { HOME_PATH } from '../../lib/guard';
import { normalizePath, routeTitle } from '../../lib/menu';
import { usePermissions } from '../../lib/permission';
import { resolveChain } from '../../lib/routes';

/** The page header: breadcrumbs of the route chain and the page title. */
export function PageHeader() {
  const { t } = useTranslation('layout');
  const lang = useLanguage();
  const { pathname } = useLocation();
  const { routes } = usePermissions();
  const chain = resolveChain(routes, pathname);
  if (chain.length === 0) return null;
  const atHome = normalizePath(chain[0]?.path ?? '') === HOME_PATH;
  const current = chain.at(-1);

  return (
    <Stack gap="2" data-testid="page-header">
      <Breadcrumb.Root size="sm" display={atHome && chain.length === 1 ? 'none' : undefined}>
        <Breadcrumb.List>
          {!atHome ? (
            <>
              <Breadcrumb.Item>
                <Breadcrumb.Link asChild>
                  <RouterLink to={HOME_PATH}>{t('breadcrumb.home')}</RouterLink>
                </Breadcrumb.Link>
              </Breadcrumb.Item>
              <Breadcrumb.Separator />
            </>
          ) : null}
          {chain.map((route, index) => {
            const last = index === chain.length - 1;
            return last ? (
              <Breadcrumb.Item key={route.path}>
                <Breadcrumb.CurrentLink>{routeTitle(route, lang)}</Breadcrumb.CurrentLink>
              </Breadcrumb.Item>
            ) : (
              <Fragment key={route.path}>
                <Breadcrumb.Item>
                  <Breadcrumb.Link asChild>
                    <RouterLink to={route.path}>{routeTitle(route, lang)}</RouterLink>
                  </Breadcrumb.Link>
                </Breadcrumb.Item>
                <Breadcrumb.Separator />
              </Fragment>
            );
          })}
        </Breadcrumb.List>
      </Breadcrumb.Root>
      {current ? (
        <Heading as="h1" size="lg" fontWeight="semibold" data-testid="page-title">
          {routeTitle(current, lang)}
        </Heading>
      ) : null}
    </Stack>
  );
}
