import { Box, CloseButton, HStack, Menu, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, RefreshIcon } from '../../components/icons';
import type { MenuRoute } from '../../core';
import { useLanguage } from '../../i18n';
import { HOME_PATH } from '../../lib/guard';
import { routeTitle } from '../../lib/menu';
import type { TabsAction, TabsState } from '../../lib/tabs';
import { resolveChain } from '../../lib/routes';

const pathOf = (tab: string) => tab.split('?')[0] ?? tab;

/**
 * Multi-tab mode: one tab per open page. The home tab comes first and has no close button; a
 * right click offers refresh, close left, close right and close others.
 */
export function MultiTabs({
  state,
  routes,
  onAction,
  onSelect,
}: {
  state: TabsState;
  routes: MenuRoute[];
  onAction: (action: TabsAction) => void;
  onSelect: (path: string) => void;
}) {
  const { t } = useTranslation('layout');
  const lang = useLanguage();

  return (
    <HStack
      gap="1.5"
      px={{ base: '3', md: '4' }}
      py="1.5"
      bg="bg"
      borderBottomWidth="1px"
      overflowX="auto"
      scrollbarWidth="thin"
      data-testid="multi-tabs"
      role="tablist"
    >
      {state.paths.map((tab) => {
        const active = tab === state.active;
        const route = resolveChain(routes, pathOf(tab)).at(-1);
        const title = route ? routeTitle(route, lang) : pathOf(tab);
        const index = state.paths.indexOf(tab);
        return (
          <Menu.Root
            key={tab}
            onSelect={(details) => onAction({ type: details.value as TabsAction['type'], path: tab })}
          >
            <Menu.ContextTrigger asChild>
              <Box
                role="tab"
                aria-selected={active}
                display="inline-flex"
                alignItems="center"
                gap="1"
                h="8"
                ps="3"
                pe={tab === HOME_PATH ? '3' : '1.5'}
                fontSize="sm"
                rounded="md"
                borderWidth="1px"
                borderColor={active ? 'colorPalette.solid' : 'border'}
                bg={active ? 'colorPalette.solid' : 'bg'}
                color={active ? 'colorPalette.contrast' : 'fg.muted'}
                cursor="pointer"
                flexShrink={0}
                _hover={active ? undefined : { color: 'colorPalette.fg', borderColor: 'colorPalette.border' }}
                onClick={() => onSelect(tab)}
                onAuxClick={(event) => {
                  if (event.button === 1) onAction({ type: 'close', path: tab });
                }}
                data-testid="tab"
                data-path={tab}
              >
                <Text as="span" whiteSpace="nowrap">
                  {title}
                </Text>
                {tab !== HOME_PATH ? (
                  <CloseButton
                    size="2xs"
                    variant="plain"
                    color="inherit"
                    aria-label={t('tabs.close')}
                    data-testid="tab-close"
                    onClick={(event) => {
                      event.stopPropagation();
                      onAction({ type: 'close', path: tab });
                    }}
                  />
                ) : null}
              </Box>
            </Menu.ContextTrigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content minW="40" data-testid="tab-menu">
                  <Menu.Item value="refresh" data-testid="tab-refresh">
                    <RefreshIcon />
                    {t('tabs.refresh')}
                  </Menu.Item>
                  <Menu.Item value="closeLeft" disabled={index <= 0} data-testid="tab-close-left">
                    <ChevronLeftIcon />
                    {t('tabs.closeLeft')}
                  </Menu.Item>
                  <Menu.Item value="closeRight" disabled={index >= state.paths.length - 1} data-testid="tab-close-right">
                    <ChevronRightIcon />
                    {t('tabs.closeRight')}
                  </Menu.Item>
                  <Menu.Item value="closeOthers" disabled={state.paths.length <= 1} data-testid="tab-close-others">
                    <CloseIcon />
                    {t('tabs.closeOthers')}
                  </Menu.Item>
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        );
      })}
    </HStack>
  );
}
