/**
 * The filter bar above a list: the fields come as children (usually `Field.Root`s), followed by
 * Search and Reset. It is a form, so Enter in any field searches. On phones only the first
 * `visibleOnPhone` fields show until "More filters" opens the rest.
 *
 * ```tsx
 * <SearchBar onSearch={() => setFilters(draft)} onReset={() => { setDraft(EMPTY); setFilters(EMPTY); }}>
 *   <Field.Root><Field.Label>…</Field.Label><Input … /></Field.Root>
 * </SearchBar>
 * ```
 */
import { Box, Button, Card, Flex, HStack, SimpleGrid } from '@chakra-ui/react';
import { Children, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, RefreshIcon, SearchIcon } from './icons';

/** Props of {@link SearchBar}. */
export interface SearchBarProps {
  children: ReactNode;
  onSearch: () => void;
  onReset: () => void;
  /** Search button spinner (e.g. the list is loading). */
  loading?: boolean;
  /** Fields shown on phones before "More filters" (default 1). */
  visibleOnPhone?: number;
  /** Extra buttons after Search and Reset. */
  extra?: ReactNode;
  /** Wrap the bar in a Card (default true). */
  card?: boolean;
  testId?: string;
}

export function SearchBar({ children, onSearch, onReset, loading = false, visibleOnPhone = 1, extra, card = true, testId = 'search-bar' }: SearchBarProps) {
  const { t } = useTranslation('dataTable');
  const [expanded, setExpanded] = useState(false);
  const fields = Children.toArray(children);
  const collapsible = fields.length > visibleOnPhone;

  const form = (
    <form
      aria-label={t('search.label')}
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
      onReset={(event) => {
        event.preventDefault();
        onReset();
      }}
    >
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="4" alignItems="end">
        {fields.map((field, index) => (
          <Box key={index} display={index >= visibleOnPhone && !expanded ? { base: 'none', sm: 'block' } : 'block'}>
            {field}
          </Box>
        ))}
        <Flex gap="2" wrap="wrap" align="center" justify={{ base: 'stretch', sm: 'flex-start' }}>
          <HStack gap="2" flex={{ base: '1', sm: 'initial' }}>
            <Button type="submit" size="sm" loading={loading} flex={{ base: '1', sm: 'initial' }} data-testid={`${testId}-submit`}>
              <SearchIcon />
              {t('search.submit')}
            </Button>
            <Button type="reset" size="sm" variant="outline" flex={{ base: '1', sm: 'initial' }} data-testid={`${testId}-reset`}>
              <RefreshIcon />
              {t('search.reset')}
            </Button>
          </HStack>
          {collapsible ? (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              hideFrom="sm"
              aria-expanded={expanded}
              onClick={() => setExpanded((value) => !value)}
            >
              {expanded ? t('search.less') : t('search.more')}
              <ChevronDownIcon transform={expanded ? 'rotate(180deg)' : undefined} />
            </Button>
          ) : null}
          {extra}
        </Flex>
      </SimpleGrid>
    </form>
  );

  if (!card) return form;
  return (
    <Card.Root size="sm">
      <Card.Body>{form}</Card.Body>
    </Card.Root>
  );
}
