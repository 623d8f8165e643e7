/**
 * The track query, public or signed in: a box for up to 100 numbers (split, counted and checked
 * as you type by core's own rule, through WebAssembly), and the results of the numbers in the
 * address (`?numbers=A,B`), so a result can be bookmarked, shared and reloaded. The server's
 * refusals (over the limit of queries: 429 with when to try again) show in place, in the user's
 * language.
 */
import { Button, Field, HStack, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '../../api/client';
import { ErrorAlert } from '../../components/ErrorAlert';
import { SearchIcon } from '../../components/icons';
import { trackingNumbers } from '../../core';
import { useLanguage } from '../../i18n';
import { MAX_NUMBERS, type AnyTrackResult } from './api';
import { TrackResults } from './TrackResults';

interface TrackSearchProps {
  /** The numbers in the address (none: nothing asked yet). */
  numbers: string[];
  /** Puts new numbers in the address. */
  onSearch: (numbers: string[]) => void;
  query: (numbers: string[]) => Promise<Envelope<{ results: AnyTrackResult[] }>>;
}

type Outcome = { numbers: string; answer?: { results: AnyTrackResult[] }; error?: string };

export function TrackSearch({ numbers, onSearch, query }: TrackSearchProps) {
  const { t } = useTranslation('tracking');
  const language = useLanguage();
  const [text, setText] = useState(numbers.join('\n'));
  const [touched, setTouched] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const [attempt, setAttempt] = useState(0);
  const key = numbers.join(',');
  const checked = useMemo(() => trackingNumbers(text, language), [text, language]);
  const issue = touched && text.trim() !== '' ? checked.issue?.message : undefined;

  useEffect(() => {
    setText(numbers.join('\n'));
    if (numbers.length === 0) return;
    let current = true;
    query(numbers).then(
      (envelope) => current && setOutcome({ numbers: key, answer: envelope.result }),
      (failure: unknown) => current && setOutcome({ numbers: key, error: failure instanceof Error ? failure.message : String(failure) }),
    );
    return () => {
      current = false;
    };
    // The numbers' text is the key: a new array of the same numbers asks nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, query, attempt]);

  function submit() {
    setTouched(true);
    if (checked.issue || checked.numbers.length === 0) return;
    setOutcome(undefined);
    // The same numbers again: ask again (the address does not change).
    if (checked.numbers.join(',') === key) setAttempt(attempt + 1);
    else onSearch(checked.numbers);
  }

  const loading = numbers.length > 0 && outcome?.numbers !== key;
  return (
    <Stack gap="5" w="full">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="3">
          <Field.Root invalid={Boolean(issue)}>
            <Field.Label>{t('numbers')}</Field.Label>
            <Textarea
              value={text}
              onChange={(event) => setText(event.target.value)}
              onBlur={() => setTouched(true)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                  event.preventDefault();
                  submit();
                }
              }}
              placeholder={t('numbersPlaceholder')}
              rows={4}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              fontFamily="mono"
              bg="bg"
              data-testid="track-numbers"
            />
            {issue ? (
              <Field.ErrorText data-testid="track-numbers-error">{issue}</Field.ErrorText>
            ) : (
              <Field.HelperText>{t('counted', { count: checked.numbers.length, max: MAX_NUMBERS })}</Field.HelperText>
            )}
          </Field.Root>
          <HStack gap="2">
            <Button type="submit" flex={{ base: '1', sm: 'initial' }} size="lg" minW={{ sm: '40' }} loading={loading} data-testid="track-submit">
              <SearchIcon />
              {t('search')}
            </Button>
            <Button
              variant="ghost"
              size="lg"
              onClick={() => {
                setText('');
                setTouched(false);
              }}
              disabled={text === ''}
              data-testid="track-clear"
            >
              {t('clear')}
            </Button>
          </HStack>
        </Stack>
      </form>
      {loading ? (
        <Stack gap="3" aria-busy="true" aria-label={t('loading')} data-testid="track-loading">
          {numbers.slice(0, 3).map((n) => (
            <Skeleton key={n} height="32" rounded="l2" />
          ))}
        </Stack>
      ) : outcome?.error ? (
        <ErrorAlert message={outcome.error} testId="track-error" />
      ) : outcome?.answer ? (
        <TrackResults results={outcome.answer.results} />
      ) : (
        <Text color="fg.muted" fontSize="sm" data-testid="track-empty">
          {t('empty')}
        </Text>
      )}
    </Stack>
  );
}

/** The numbers of an address's `?numbers=`. */
export const numbersOf = (search: URLSearchParams): string[] =>
  (search.get('numbers') ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean)
    .slice(0, MAX_NUMBERS);
