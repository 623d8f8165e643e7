import { Box, Combobox, HStack, Portal, Text, createListCollection } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuItemIcon } from '../../components/MenuIcon';
import { SearchIcon } from '../../components/icons';
import type { MenuRoute } from '../../core';
import { useLanguage } from '../../i18n';
import { normalizePath, searchMenu, type MenuSearchHit } from '../../lib/menu';
import { useMenuNavigation } from './useMenuNavigation';

/**
 * The system search over menus: type to filter the pages by their title in the current
 * language; arrows move, Enter or a click opens the page.
 */
export function MenuSearch({ routes, dark = false, onNavigate, width = '52' }: {
  routes: MenuRoute[];
  dark?: boolean;
  onNavigate?: () => void;
  width?: string;
}) {
  const { t } = useTranslation('layout');
  const lang = useLanguage();
  const open = useMenuNavigation(onNavigate);
  const [query, setQuery] = useState('');
  const hits = useMemo(() => searchMenu(routes, query, lang), [routes, query, lang]);
  const collection = useMemo(
    () =>
      createListCollection<MenuSearchHit>({
        items: hits,
        itemToValue: (hit) => normalizePath(hit.route.path),
        itemToString: (hit) => hit.title,
      }),
    [hits],
  );

  return (
    <Combobox.Root
      collection={collection}
      inputValue={query}
      onInputValueChange={(details) => setQuery(details.inputValue)}
      onValueChange={(details) => {
        const hit = details.items[0];
        if (hit) open(hit.route);
        setQuery('');
      }}
      inputBehavior="autohighlight"
      selectionBehavior="clear"
      openOnClick
      size="sm"
      width={width}
      positioning={{ placement: 'bottom-start', sameWidth: false }}
      data-testid="menu-search"
    >
      <Combobox.Control>
        <Box position="absolute" insetStart="2.5" top="50%" transform="translateY(-50%)" color={dark ? 'whiteAlpha.700' : 'fg.muted'} zIndex="1" pointerEvents="none" display="flex">
          <SearchIcon boxSize="4" />
        </Box>
        <Combobox.Input
          ps="8"
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          data-testid="menu-search-input"
          bg={dark ? 'whiteAlpha.200' : 'bg.muted'}
          borderColor="transparent"
          color={dark ? 'white' : undefined}
          _placeholder={{ color: dark ? 'whiteAlpha.600' : 'fg.subtle' }}
          rounded="full"
        />
      </Combobox.Control>
      <Portal>
        <Combobox.Positioner>
          <Combobox.Content minW="64" data-testid="menu-search-results">
            <Combobox.Empty px="3" py="2" color="fg.muted">
              {t('search.empty')}
            </Combobox.Empty>
            {hits.map((hit) => (
              <Combobox.Item key={hit.route.path} item={hit} data-testid={`search-hit-${hit.route.name ?? hit.route.path}`}>
                <HStack gap="2.5" minW="0">
                  <MenuItemIcon name={hit.route.meta?.icon} fallback={false} boxSize="4" color="fg.muted" />
                  <Box minW="0">
                    <Combobox.ItemText>{hit.title}</Combobox.ItemText>
                    {hit.trail.length > 0 ? (
                      <Text fontSize="xs" color="fg.muted" truncate>
                        {hit.trail.join(' / ')}
                      </Text>
                    ) : null}
                  </Box>
                </HStack>
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Portal>
    </Combobox.Root>
  );
}
