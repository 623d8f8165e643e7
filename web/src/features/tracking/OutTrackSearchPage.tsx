/**
 * Out-track search (Orders → Out-track search): the last-mile carriers' numbers of the caller's
 * orders (an order's tracking number, its delivery numbers and the carriers' own ids of them).
 * Each number shows the order's journey and the couriers the number looks like (core's patterns
 * and check digits, on the server), each linking to its own tracking page.
 */
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { outTrack } from './api';
import { numbersOf, TrackSearch } from './TrackSearch';

export default function OutTrackSearchPage() {
  const { t } = useTranslation('tracking');
  const [search, setSearch] = useSearchParams();
  const onSearch = useCallback((numbers: string[]) => setSearch({ numbers: numbers.join(',') }), [setSearch]);
  return (
    <Stack gap="5" maxW="4xl" data-testid="out-track-search-page">
      <Box>
        <Heading as="h1" size="lg">
          {t('outTitle')}
        </Heading>
        <Text color="fg.muted" mt="1" fontSize="sm">
          {t('outSubtitle')}
        </Text>
      </Box>
      <TrackSearch numbers={numbersOf(search)} onSearch={onSearch} query={outTrack} />
    </Stack>
  );
}
