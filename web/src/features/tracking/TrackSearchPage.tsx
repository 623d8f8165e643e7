/**
 * Track search (Orders → Track search): the signed-in query, a customer's own orders (staff's:
 * the tenant's), found also by the customer's own order number. The numbers stay in the address.
 */
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { searchTrack } from './api';
import { numbersOf, TrackSearch } from './TrackSearch';

export default function TrackSearchPage() {
  const { t } = useTranslation('tracking');
  const [search, setSearch] = useSearchParams();
  const onSearch = useCallback((numbers: string[]) => setSearch({ numbers: numbers.join(',') }), [setSearch]);
  return (
    <Stack gap="5" maxW="4xl" data-testid="track-search-page">
      <Box>
        <Heading as="h1" size="lg">
          {t('title')}
        </Heading>
        <Text color="fg.muted" mt="1" fontSize="sm">
          {t('subtitle')}
        </Text>
      </Box>
      <TrackSearch numbers={numbersOf(search)} onSearch={onSearch} query={searchTrack} />
    </Stack>
  );
}
