/**
 * The public tracking page (`/track/search` and `/track/result?numbers=…`): no sign-in, phone
 * first. Anyone with a number sees its status and timeline, never who sent it or to whom.
 */
import { Box, Button, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Logo } from '../../components/Logo';
import { LOGIN_PATH } from '../../lib/guard';
import { publicTrack } from './api';
import { numbersOf, TrackSearch } from './TrackSearch';

export default function PublicTrackPage() {
  const { t } = useTranslation('tracking');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const onSearch = useCallback((numbers: string[]) => void navigate(`/track/result?numbers=${encodeURIComponent(numbers.join(','))}`), [navigate]);
  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <Flex as="header" align="center" justify="space-between" gap="2" px={{ base: '3', md: '6' }} py="2" bg="bg" borderBottomWidth="1px">
        <Link to="/track/search" aria-label={t('publicTitle')} style={{ minWidth: 0 }}>
          <Logo size="sm" />
        </Link>
        <Flex align="center" gap="1">
          {/* A phone has room for the globe only. */}
          <Box hideFrom="sm">
            <LanguageSwitch compact />
          </Box>
          <Box hideBelow="sm">
            <LanguageSwitch />
          </Box>
          <Button asChild variant="outline" size="sm">
            <Link to={LOGIN_PATH} data-testid="track-sign-in">
              {t('signIn')}
            </Link>
          </Button>
        </Flex>
      </Flex>
      <Container as="main" maxW="3xl" px={{ base: '3', sm: '6' }} py={{ base: '4', md: '8' }} flex="1">
        <Stack gap={{ base: '4', md: '6' }}>
          <Box>
            <Heading as="h1" size={{ base: 'lg', md: '2xl' }}>
              {t('publicTitle')}
            </Heading>
            <Text color="fg.muted" mt="1" fontSize={{ base: 'sm', md: 'md' }}>
              {t('publicSubtitle')}
            </Text>
          </Box>
          <TrackSearch numbers={numbersOf(search)} onSearch={onSearch} query={publicTrack} />
        </Stack>
      </Container>
    </Flex>
  );
}
