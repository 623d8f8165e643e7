import { Badge, Box, Field, HStack, Input, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkTrackingNumber } from '../../../core';
import { OptionSelect } from '../../../components/form/OptionSelect';
import { detectScheme } from './api';

const SCHEMES = ['auto', 's10', 'ups', 'mod7'] as const;
type CheckerScheme = (typeof SCHEMES)[number];

/**
 * "Check a number": the check digit of a scanned or typed tracking number, verified in the browser
 * with the core's rules (the same as the server's); the scheme is guessed from the number's shape
 * unless one is chosen.
 */
export function NumberChecker() {
  const { t } = useTranslation('carrierSegment');
  const [number, setNumber] = useState('');
  const [scheme, setScheme] = useState<CheckerScheme>('auto');
  const text = number.trim().toUpperCase();
  const used = scheme === 'auto' ? detectScheme(text) : scheme;
  const valid = text !== '' && used !== undefined ? checkTrackingNumber(used, text) : undefined;

  return (
    <Field.Root>
      <Field.Label>{t('checker.label')}</Field.Label>
      <HStack gap="2" width="full" wrap={{ base: 'wrap', sm: 'nowrap' }}>
        <Input
          size="sm"
          fontFamily="mono"
          textTransform="uppercase"
          _placeholder={{ textTransform: 'none', fontFamily: 'body' }}
          autoComplete="off"
          spellCheck={false}
          value={number}
          onChange={(event) => setNumber(event.currentTarget.value)}
          placeholder={t('checker.placeholder')}
          flex="1"
          minWidth="44"
          data-testid="segment-check-input"
        />
        <Box width={{ base: 'full', sm: '36' }} flexShrink={0}>
          <OptionSelect
            options={SCHEMES.map((value) => ({ value, label: value === 'auto' ? t('checker.auto') : t(`scheme.${value}`) }))}
            value={scheme}
            onChange={(event) => setScheme(event.currentTarget.value as CheckerScheme)}
            aria-label={t('checker.scheme')}
            data-testid="segment-check-scheme"
          />
        </Box>
      </HStack>
      <Box minHeight="6" aria-live="polite" data-testid="segment-check-result">
        {text === '' ? (
          <Text textStyle="xs" color="fg.muted">
            {t('checker.hint')}
          </Text>
        ) : used === undefined ? (
          <Badge size="sm" colorPalette="gray" variant="subtle">
            {t('checker.unknown')}
          </Badge>
        ) : valid ? (
          <Badge size="sm" colorPalette="green" variant="subtle">
            {t('checker.valid', { scheme: t(`scheme.${used}`) })}
          </Badge>
        ) : (
          <Badge size="sm" colorPalette="red" variant="subtle">
            {t('checker.invalid', { scheme: t(`scheme.${used}`) })}
          </Badge>
        )}
      </Box>
    </Field.Root>
  );
}
