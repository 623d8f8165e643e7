import { Button, HStack, Menu, Portal } from '@chakra-ui/react';
import { useLocation } from 'react-router';
import { MenuItemIcon } from '../../components/MenuIcon';
import { ChevronDownIcon } from '../../components/icons';
import type { MenuRoute } from '../../core';
import { useLanguage } from '../../i18n';
import { findChain, isLeaf, normalizePath, routeTitle, visibleMenu } from '../../lib/menu';
import type { MenuTheme } from './SideMenu';
import { useMenuNavigation } from './useMenuNavigation';

/** The horizontal menu of the top layout; parents open a dropdown of their pages. */
export function TopMenu({ routes, theme }: { routes: MenuRoute[]; theme: MenuTheme }) {
  const lang = useLanguage();
  const { pathname } = useLocation();
  const open = useMenuNavigation();
  const active = new Set(findChain(routes, pathname).map((r) => normalizePath(r.path)));
  const dark = theme === 'dark';

  const itemProps = (isActive: boolean) => ({
    variant: 'plain' as const,
    h: '16',
    px: '4',
    rounded: '0',
    fontWeight: 'normal',
    color: isActive ? (dark ? 'white' : 'colorPalette.fg') : dark ? 'whiteAlpha.700' : 'fg',
    bg: isActive && dark ? 'colorPalette.solid' : 'transparent',
    borderBottomWidth: '2px',
    borderBottomColor: isActive && !dark ? 'colorPalette.solid' : 'transparent',
    _hover: { color: dark ? 'white' : 'colorPalette.fg', borderBottomColor: dark ? 'transparent' : 'colorPalette.solid' },
  });

  return (
    <HStack as="nav" gap="0" minW="0" overflowX="auto" data-testid="top-menu" data-theme={theme} scrollbarWidth="none">
      {visibleMenu(routes).map((route) => {
        const path = normalizePath(route.path);
        const title = routeTitle(route, lang);
        const icon = <MenuItemIcon name={route.meta?.icon} boxSize="4" />;
        if (isLeaf(route)) {
          return (
            <Button
              key={path}
              {...itemProps(active.has(path))}
              onClick={() => open(route)}
              aria-current={normalizePath(pathname) === path ? 'page' : undefined}
              data-testid={`menu-item-${route.name ?? path}`}
            >
              {icon}
              {title}
            </Button>
          );
        }
        const children = visibleMenu(route.children ?? []);
        return (
          <Menu.Root
            key={path}
            positioning={{ placement: 'bottom-start', gutter: 0 }}
            onSelect={(details) => {
              const child = children.find((c) => normalizePath(c.path) === details.value);
              if (child) open(child);
            }}
          >
            <Menu.Trigger asChild>
              <Button {...itemProps(active.has(path))} data-testid={`menu-group-${route.name ?? path}`}>
                {icon}
                {title}
                <ChevronDownIcon boxSize="3.5" opacity="0.7" />
              </Button>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content minW="44">
                  {children.map((child) => (
                    <Menu.Item
                      key={child.path}
                      value={normalizePath(child.path)}
                      color={active.has(normalizePath(child.path)) ? 'colorPalette.fg' : undefined}
                      data-testid={`menu-item-${child.name ?? child.path}`}
                    >
                      {routeTitle(child, lang)}
                    </Menu.Item>
                  ))}
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        );
      })}
    </HStack>
  );
}
