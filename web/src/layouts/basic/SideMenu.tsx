import { Box, Collapsible, Flex, Menu, Portal, Text, Tooltip, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { MenuItemIcon } from '../../components/MenuIcon';
import { ChevronDownIcon, ExternalLinkIcon } from '../../components/icons';
import type { MenuRoute } from '../../core';
import { useLanguage } from '../../i18n';
import { findChain, isLeaf, normalizePath, routeTitle, visibleMenu } from '../../lib/menu';
import { useMenuNavigation } from './useMenuNavigation';

export type MenuTheme = 'dark' | 'light';

/** Colours of the dark (Ant Design #001529) and light menus. */
export function menuColors(theme: MenuTheme) {
  return theme === 'dark'
    ? { bg: 'menuDark.bg', subBg: 'menuDark.sub', fg: 'whiteAlpha.700', hoverFg: 'white', activeBg: 'colorPalette.solid', activeFg: 'white', border: 'transparent' }
    : { bg: 'bg', subBg: 'bg', fg: 'fg', hoverFg: 'colorPalette.fg', activeBg: 'colorPalette.subtle', activeFg: 'colorPalette.fg', border: 'border' };
}

const ItemButton = chakra('button', {
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: '2.5',
    width: 'full',
    height: '10',
    fontSize: 'sm',
    textAlign: 'start',
    cursor: 'pointer',
    transition: 'color 0.2s, background 0.2s',
    outline: 'none',
    _focusVisible: { boxShadow: 'inset 0 0 0 2px {colors.colorPalette.focusRing}' },
  },
});

interface SideMenuProps {
  routes: MenuRoute[];
  theme: MenuTheme;
  collapsed?: boolean;
  onNavigate?: () => void;
}

/** The vertical menu of the side layout and of the mobile drawer. */
export function SideMenu({ routes, theme, collapsed = false, onNavigate }: SideMenuProps) {
  const { pathname } = useLocation();
  const open = useMenuNavigation(onNavigate);
  const activeChain = findChain(routes, pathname).map((r) => normalizePath(r.path));
  // Parents open when the user opens them, or when they hold the page being shown.
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const colors = menuColors(theme);
  const lang = useLanguage();

  const isExpanded = (path: string) => toggled[path] ?? activeChain.includes(path);
  const toggle = (path: string) => setToggled((state) => ({ ...state, [path]: !isExpanded(path) }));

  function renderItem(route: MenuRoute, depth: number) {
    const path = normalizePath(route.path);
    const title = routeTitle(route, lang);
    const active = activeChain.includes(path);
    const leaf = isLeaf(route);
    const padding = collapsed ? '0' : `${16 + depth * 20}px`;

    if (collapsed && depth === 0) {
      const icon = <MenuItemIcon name={route.meta?.icon} boxSize="4.5" />;
      const button = (
        <ItemButton
          justifyContent="center"
          color={active ? colors.activeFg : colors.fg}
          bg={active && (leaf || theme === 'dark') ? colors.activeBg : 'transparent'}
          _hover={{ color: colors.hoverFg }}
          aria-label={title}
          data-testid={`menu-item-${route.name ?? path}`}
          onClick={leaf ? () => open(route) : undefined}
        >
          {icon}
        </ItemButton>
      );
      if (leaf) {
        return (
          <Tooltip.Root key={path} positioning={{ placement: 'right' }} openDelay={100}>
            <Tooltip.Trigger asChild>{button}</Tooltip.Trigger>
            <Portal>
              <Tooltip.Positioner>
                <Tooltip.Content>{title}</Tooltip.Content>
              </Tooltip.Positioner>
            </Portal>
          </Tooltip.Root>
        );
      }
      return (
        <Menu.Root key={path} positioning={{ placement: 'right-start', gutter: 4 }} onSelect={(d) => {
          const child = route.children?.find((c) => normalizePath(c.path) === d.value);
          if (child) open(child);
        }}>
          <Menu.Trigger asChild>{button}</Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="40">
                <Menu.ItemGroup>
                  <Menu.ItemGroupLabel>{title}</Menu.ItemGroupLabel>
                  {visibleMenu(route.children ?? []).map((child) => (
                    <Menu.Item key={child.path} value={normalizePath(child.path)}>
                      {routeTitle(child, lang)}
                    </Menu.Item>
                  ))}
                </Menu.ItemGroup>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      );
    }

    if (leaf) {
      const current = normalizePath(pathname) === path;
      return (
        <ItemButton
          key={path}
          ps={padding}
          pe="4"
          color={current ? colors.activeFg : colors.fg}
          bg={current ? colors.activeBg : 'transparent'}
          borderEndWidth={theme === 'light' ? '3px' : '0'}
          borderEndColor={current ? 'colorPalette.solid' : 'transparent'}
          fontWeight={current ? 'medium' : 'normal'}
          _hover={{ color: current ? colors.activeFg : colors.hoverFg }}
          aria-current={current ? 'page' : undefined}
          data-testid={`menu-item-${route.name ?? path}`}
          onClick={() => open(route)}
        >
          {depth === 0 ? <MenuItemIcon name={route.meta?.icon} boxSize="4" /> : null}
          <Text as="span" flex="1" truncate>
            {title}
          </Text>
          {route.meta?.openInNewWindow ? <ExternalLinkIcon boxSize="3.5" opacity="0.7" /> : null}
        </ItemButton>
      );
    }

    const isOpen = isExpanded(path);
    return (
      <Collapsible.Root key={path} open={isOpen} onOpenChange={() => toggle(path)}>
        <Collapsible.Trigger asChild>
          <ItemButton
            ps={padding}
            pe="4"
            color={active ? (theme === 'dark' ? 'white' : 'colorPalette.fg') : colors.fg}
            _hover={{ color: colors.hoverFg }}
            aria-expanded={isOpen}
            data-testid={`menu-group-${route.name ?? path}`}
          >
            {depth === 0 ? <MenuItemIcon name={route.meta?.icon} boxSize="4" /> : null}
            <Text as="span" flex="1" truncate>
              {title}
            </Text>
            <ChevronDownIcon boxSize="3.5" transition="transform 0.2s" transform={isOpen ? 'rotate(180deg)' : undefined} />
          </ItemButton>
        </Collapsible.Trigger>
        <Collapsible.Content>
          <Box bg={colors.subBg}>{visibleMenu(route.children ?? []).map((child) => renderItem(child, depth + 1))}</Box>
        </Collapsible.Content>
      </Collapsible.Root>
    );
  }

  return (
    <Flex as="nav" direction="column" py="2" data-testid="side-menu" data-theme={theme}>
      {visibleMenu(routes).map((route) => renderItem(route, 0))}
    </Flex>
  );
}
