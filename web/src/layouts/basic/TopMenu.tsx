import { Box, Button, HStack, IconButton, Menu, Portal } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { MenuItemIcon } from '../../components/MenuIcon';
import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon } from '../../components/icons';
import type { MenuRoute } from '../../core';
import { useLanguage } from '../../i18n';
import { findChain, isLeaf, normalizePath, routeTitle, visibleMenu } from '../../lib/menu';
import { menuColors, type MenuTheme } from './SideMenu';
import { useMenuNavigation } from './useMenuNavigation';

/** What one click on an edge arrow keeps in view of what was shown (px). */
const SCROLL_OVERLAP = 96;

/**
 * For the scrolling element given `ref`: whether it hides items before or after what it shows
 * (the menu scrolls sideways when its items do not fit), following scrolling, resizing and item
 * changes; and the active item (`[data-active]`) brought into view whenever `activeKey` changes.
 */
function useOverflowEdges(activeKey: string) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: false, end: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const update = () => {
      const start = element.scrollLeft > 1;
      const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setEdges((current) => (current.start === start && current.end === end ? current : { start, end }));
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : undefined;
    observer?.observe(element);
    for (const child of element.children) observer?.observe(child);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  });
  useEffect(() => {
    const element = ref.current;
    const item = activeKey ? element?.querySelector<HTMLElement>('[data-active]') : undefined;
    if (!element || !item) return;
    const { offsetLeft: left, offsetWidth: width } = item;
    if (left < element.scrollLeft) element.scrollLeft = left;
    else if (left + width > element.scrollLeft + element.clientWidth) element.scrollLeft = left + width - element.clientWidth;
  }, [activeKey]);
  return { ref, edges };
}

/**
 * The horizontal menu of the top layout; parents open a dropdown of their pages. Items that do
 * not fit scroll sideways, with an arrow on the side that hides some.
 */
export function TopMenu({ routes, theme }: { routes: MenuRoute[]; theme: MenuTheme }) {
  const { t } = useTranslation('layout');
  const lang = useLanguage();
  const { pathname } = useLocation();
  const open = useMenuNavigation();
  const chain = findChain(routes, pathname).map((r) => normalizePath(r.path));
  const active = new Set(chain);
  const dark = theme === 'dark';
  const { ref: navRef, edges } = useOverflowEdges(`${chain[0] ?? ''} ${lang}`);
  const scrollBy = (direction: 1 | -1) => {
    const nav = navRef.current;
    nav?.scrollBy({ left: direction * Math.max(nav.clientWidth - SCROLL_OVERLAP, SCROLL_OVERLAP), behavior: 'smooth' });
  };
  const arrow = (side: 'start' | 'end') => (
    <IconButton
      position="absolute"
      top="0"
      insetStart={side === 'start' ? '0' : undefined}
      insetEnd={side === 'end' ? '0' : undefined}
      h="16"
      minW="8"
      size="sm"
      variant="plain"
      rounded="0"
      bg={menuColors(theme).bg}
      borderWidth="0"
      color={dark ? 'whiteAlpha.700' : 'fg.muted'}
      _hover={{ color: dark ? 'white' : 'colorPalette.fg' }}
      aria-label={side === 'start' ? t('menu.scrollBack') : t('menu.scrollMore')}
      tabIndex={-1}
      onClick={() => scrollBy(side === 'start' ? -1 : 1)}
      data-testid={`top-menu-scroll-${side}`}
    >
      {side === 'start' ? <ChevronLeftIcon boxSize="4" /> : <ChevronRightIcon boxSize="4" />}
    </IconButton>
  );

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
    <Box position="relative" minW="0">
      <HStack as="nav" ref={navRef} gap="0" minW="0" overflowX="auto" data-testid="top-menu" data-theme={theme} scrollbarWidth="none">
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
                data-active={active.has(path) || undefined}
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
                <Button {...itemProps(active.has(path))} data-active={active.has(path) || undefined} data-testid={`menu-group-${route.name ?? path}`}>
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
      {edges.start ? arrow('start') : null}
      {edges.end ? arrow('end') : null}
    </Box>
  );
}
