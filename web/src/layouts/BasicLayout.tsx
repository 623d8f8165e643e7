import { Box, CloseButton, Container, Drawer, Flex, HStack, IconButton, Link, Portal, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { Logo } from '../components/Logo';
import { useLiveNotices } from '../features/notices/useNotices';
import { useDictionarySync } from '../hooks/useDict';
import { MenuIcon, PanelCloseIcon, PanelOpenIcon } from '../components/icons';
import { toaster } from '../components/ui/toaster';
import { HOME_PATH } from '../lib/guard';
import { usePermissions } from '../lib/permission';
import { updateSettings, useSettings } from '../lib/settings';
import { initialTabs, tabsReducer, type TabsAction, type TabsState } from '../lib/tabs';
import { PageHeader } from './basic/Breadcrumbs';
import { MenuSearch } from './basic/MenuSearch';
import { MultiTabs } from './basic/MultiTabs';
import { NoticeBell } from './basic/NoticeBell';
import { SideMenu, menuColors } from './basic/SideMenu';
import { TopMenu } from './basic/TopMenu';
import { UserDialogs } from './basic/UserDialogs';
import { UserMenu, type UserDialog } from './basic/UserMenu';
import { useVisitLog } from './basic/useVisitLog';

/** Spec section 9: sidebar 200 px wide, 80 px collapsed; header hides after 100 px of scrolling. */
export const SIDEBAR_WIDTH = 200;
export const SIDEBAR_COLLAPSED_WIDTH = 80;
export const AUTO_HIDE_SCROLL = 100;
const HEADER_HEIGHT = '16';

/** Hides the header while scrolling down past 100 px; shows it again when scrolling up. */
function useHeaderHidden(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return undefined;
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      setHidden(y > AUTO_HIDE_SCROLL && y > last);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return enabled && hidden;
}

/** Multi-tab state following the location; closing tabs navigates to the tab left active. */
function useTabs(enabled: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation('layout');
  const here = location.pathname + location.search;
  const [tabs, setTabs] = useState<TabsState>(() => initialTabs(here));
  const [seen, setSeen] = useState({ here, enabled });

  // A visited page becomes a tab (state derived from the location during render).
  if (seen.here !== here || seen.enabled !== enabled) {
    setSeen({ here, enabled });
    setTabs(enabled ? tabsReducer(tabs, { type: 'open', path: here }) : initialTabs(here));
  }

  const act = useCallback(
    (action: TabsAction) => {
      const next = tabsReducer(tabs, action);
      setTabs(next);
      if (next.refused) {
        toaster.create({ type: 'warning', title: t(next.refused === 'home' ? 'tabs.homeCannotClose' : 'tabs.lastCannotClose'), duration: 3000 });
      }
      if (action.type !== 'refresh' && next.active !== here) void navigate(next.active);
    },
    [tabs, here, navigate, t],
  );
  return { tabs, act, select: (path: string) => void navigate(path) };
}

/** The year in the copyright line, fixed when the app loads. */
const YEAR = new Date().getFullYear();

/** The logo links to the dashboard. */
function logo(showName: boolean, dark: boolean) {
  return (
    <Link asChild _hover={{ textDecoration: 'none' }} rounded="md" data-testid="logo-link">
      <RouterLink to={HOME_PATH}>
        <Logo showName={showName} color={dark ? 'white' : undefined} />
      </RouterLink>
    </Link>
  );
}

/** The signed-in shell: menus (side or top, drawer on mobile), header tools, tabs, breadcrumbs. */
export default function BasicLayout() {
  const { t } = useTranslation('layout');
  const settings = useSettings();
  const { routes } = usePermissions();
  const location = useLocation();
  const mobile = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [dialog, setDialog] = useState<UserDialog | null>(null);
  const headerHidden = useHeaderHidden(settings.fixedHeader && settings.autoHideHeader);
  const { tabs, act, select } = useTabs(settings.multipage);
  // Session-wide services of the signed-in shell: dictionaries in the UI language, live notices, visit log.
  useDictionarySync();
  useLiveNotices();
  useVisitLog();

  const side = settings.layout === 'sidemenu' && !mobile;
  const top = settings.layout === 'topmenu' && !mobile;
  const collapsed = settings.sidebarCollapsed;
  const colors = menuColors(settings.menuTheme);
  const darkHeader = top && settings.menuTheme === 'dark';
  const headerFg = darkHeader ? 'whiteAlpha.900' : undefined;
  const siderWidth = collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;
  const fixedWidth = settings.contentWidth === 'fixed';
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const generation = tabs.generation[location.pathname + location.search] ?? 0;


  const headerTools = (
    <HStack gap={{ base: '0.5', md: '1' }} flexShrink={0}>
      {mobile ? null : <MenuSearch routes={routes} dark={darkHeader} />}
      <NoticeBell color={headerFg} />
      <Box color={headerFg} css={darkHeader ? { '& button': { color: 'inherit' } } : undefined}>
        <LanguageSwitch compact={mobile} />
      </Box>
      <UserMenu color={headerFg} compact={mobile} onOpen={setDialog} />
    </HStack>
  );

  return (
    <Flex minH="100dvh" bg="bg.subtle" data-testid="basic-layout" data-layout={mobile ? 'mobile' : settings.layout}>
      {side ? (
        <Box
          as="aside"
          w={`${siderWidth}px`}
          flexShrink={0}
          bg={colors.bg}
          borderEndWidth={settings.menuTheme === 'light' ? '1px' : '0'}
          shadow={settings.menuTheme === 'dark' ? 'md' : undefined}
          transition="width 0.2s"
          position={settings.fixedSidebar ? 'sticky' : 'relative'}
          top="0"
          h={settings.fixedSidebar ? '100dvh' : undefined}
          overflowY={settings.fixedSidebar ? 'auto' : undefined}
          overflowX="hidden"
          zIndex="docked"
          data-testid="sider"
        >
          <Flex h={HEADER_HEIGHT} align="center" justify={collapsed ? 'center' : 'flex-start'} px={collapsed ? '0' : '5'}>
            {logo(!collapsed, settings.menuTheme === 'dark')}
          </Flex>
          <SideMenu routes={routes} theme={settings.menuTheme} collapsed={collapsed} />
        </Box>
      ) : null}

      <Flex direction="column" flex="1" minW="0">
        <Box
          as="header"
          position={settings.fixedHeader ? 'sticky' : 'relative'}
          top="0"
          zIndex="sticky"
          transform={headerHidden ? 'translateY(-100%)' : undefined}
          transition="transform 0.2s"
          data-testid="header"
          data-hidden={headerHidden || undefined}
        >
          <Flex
            h={HEADER_HEIGHT}
            align="center"
            gap="3"
            px={{ base: '3', md: '4' }}
            bg={darkHeader ? colors.bg : 'bg'}
            shadow="xs"
          >
            {mobile ? (
              <>
                <IconButton variant="ghost" size="sm" aria-label={t('menu.open')} onClick={() => setDrawerOpen(true)} data-testid="menu-drawer-toggle">
                  <MenuIcon boxSize="5" />
                </IconButton>
                {logo(false, false)}
              </>
            ) : null}
            {side ? (
              <IconButton
                variant="ghost"
                size="sm"
                aria-label={collapsed ? t('menu.expand') : t('menu.collapse')}
                onClick={() => updateSettings({ sidebarCollapsed: !collapsed })}
                data-testid="sider-toggle"
              >
                {collapsed ? <PanelOpenIcon boxSize="4.5" /> : <PanelCloseIcon boxSize="4.5" />}
              </IconButton>
            ) : null}
            {top ? (
              <Flex flex="1" minW="0" align="center" gap="6" maxW={fixedWidth ? '1200px' : undefined} mx={fixedWidth ? 'auto' : undefined}>
                <Box flexShrink={0}>{logo(true, darkHeader)}</Box>
                <Box flex="1" minW="0">
                  <TopMenu routes={routes} theme={settings.menuTheme} />
                </Box>
                {headerTools}
              </Flex>
            ) : (
              <>
                <Box flex="1" />
                {headerTools}
              </>
            )}
          </Flex>
          {settings.multipage ? <MultiTabs state={tabs} routes={routes} onAction={act} onSelect={select} /> : null}
        </Box>

        <Box bg="bg" borderBottomWidth="1px" px={{ base: '4', md: '6' }} py="4">
          <Container maxW={fixedWidth ? '1200px' : 'full'} px="0">
            <PageHeader />
          </Container>
        </Box>

        <Box as="main" flex="1" px={{ base: '3', md: '6' }} py={{ base: '4', md: '6' }}>
          <Container maxW={fixedWidth ? '1200px' : 'full'} px="0">
            <Outlet key={generation} />
          </Container>
        </Box>

        <Box as="footer" py="5" textAlign="center">
          <Text fontSize="sm" color="fg.subtle">
            {t('app.copyright', { ns: 'common', year: YEAR })}
          </Text>
        </Box>
      </Flex>

      <UserDialogs open={dialog} onClose={() => setDialog(null)} />

      <Drawer.Root open={mobile && drawerOpen} onOpenChange={(details) => setDrawerOpen(details.open)} placement="start" size="xs">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content maxW={`${SIDEBAR_WIDTH + 56}px`} bg={colors.bg} data-testid="menu-drawer">
              <Drawer.Body px="0" py="0">
                <Flex h={HEADER_HEIGHT} align="center" px="5" flexShrink={0}>
                  {logo(true, settings.menuTheme === 'dark')}
                </Flex>
                <Stack gap="2">
                  <Box px="4">
                    <MenuSearch routes={routes} dark={settings.menuTheme === 'dark'} onNavigate={closeDrawer} width="full" />
                  </Box>
                  <SideMenu routes={routes} theme={settings.menuTheme} onNavigate={closeDrawer} />
                </Stack>
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" color={settings.menuTheme === 'dark' ? 'white' : undefined} aria-label={t('menu.close')} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </Flex>
  );
}
