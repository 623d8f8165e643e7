import { Box, Button, Card, Field, Grid, Heading, HStack, IconButton, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusIcon, TrashIcon } from '../../../components/icons';
import { CURRENCIES, ROUNDING_SCOPES, type RoundingScope } from './types';
import type { EditDraft, Errors } from './editing';
import { errorKeys, exampleRounding, newKey, type CardDraft, type HeaderField, type RoundingDraft } from './model';

interface BasicsSectionProps {
  draft: Pick<CardDraft, 'code' | 'name' | 'currency' | 'effectiveFrom' | 'minChargeableWeight' | 'roundingScope'>;
  rounding: RoundingDraft[];
  errors: Errors;
  edit: EditDraft;
  /** A new version keeps its card's code. */
  codeLocked: boolean;
  readOnly: boolean;
}

/** The card's header fields and its weight-rounding table. */
export const BasicsSection = memo(function BasicsSection({ draft, rounding, errors, edit, codeLocked, readOnly }: BasicsSectionProps) {
  const { t } = useTranslation('rateCard');
  const set = (field: HeaderField, value: string) => edit((current) => ({ ...current, [field]: value }), [errorKeys.header(field)]);
  const currencies: string[] = [...CURRENCIES];
  if (draft.currency && !currencies.includes(draft.currency)) currencies.unshift(draft.currency);

  const setStep = (key: string, field: 'upTo' | 'increment', value: string) =>
    edit(
      (current) => ({ ...current, rounding: current.rounding.map((step) => (step.key === key ? { ...step, [field]: value } : step)) }),
      [errorKeys.rounding(key, field), 'rounding'],
    );

  return (
    <Stack gap="5">
      <Card.Root size="sm" variant="outline">
        <Card.Header>
          <Heading size="sm">{t('section.header')}</Heading>
        </Card.Header>
        <Card.Body>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
            <Field.Root invalid={!!errors.code} required readOnly={codeLocked || readOnly}>
              <Field.Label>
                {t('field.code')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                size="sm"
                fontFamily="mono"
                autoComplete="off"
                value={draft.code}
                onChange={(event) => set('code', event.currentTarget.value.toUpperCase())}
                data-error-key="code"
                data-testid="rate-card-code"
              />
              {errors.code ? <Field.ErrorText>{errors.code}</Field.ErrorText> : <Field.HelperText>{codeLocked ? t('form.codeLocked') : t('form.codeHint')}</Field.HelperText>}
            </Field.Root>
            <Field.Root invalid={!!errors.name} required readOnly={readOnly}>
              <Field.Label>
                {t('field.name')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input size="sm" value={draft.name} onChange={(event) => set('name', event.currentTarget.value)} data-error-key="name" data-testid="rate-card-name" />
              <Field.ErrorText>{errors.name}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!errors.currency} required disabled={readOnly}>
              <Field.Label>
                {t('field.currency')}
                <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={draft.currency} onChange={(event) => set('currency', event.currentTarget.value)} data-error-key="currency" data-testid="rate-card-currency">
                  {currencies.map((code) => (
                    <option key={code} value={code}>
                      {code}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{errors.currency}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!errors.effectiveFrom} required readOnly={readOnly}>
              <Field.Label>
                {t('field.effectiveFrom')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                size="sm"
                type="date"
                value={draft.effectiveFrom}
                onChange={(event) => set('effectiveFrom', event.currentTarget.value)}
                data-error-key="effectiveFrom"
                data-testid="rate-card-effective-from"
              />
              {errors.effectiveFrom ? <Field.ErrorText>{errors.effectiveFrom}</Field.ErrorText> : <Field.HelperText>{t('form.effectiveFromHint')}</Field.HelperText>}
            </Field.Root>
            <Field.Root invalid={!!errors.minChargeableWeight} readOnly={readOnly}>
              <Field.Label>{t('field.minChargeableWeight')}</Field.Label>
              <Input
                size="sm"
                inputMode="decimal"
                value={draft.minChargeableWeight}
                onChange={(event) => set('minChargeableWeight', event.currentTarget.value)}
                data-error-key="minChargeableWeight"
                data-testid="rate-card-min-weight"
              />
              {errors.minChargeableWeight ? <Field.ErrorText>{errors.minChargeableWeight}</Field.ErrorText> : <Field.HelperText>{t('form.kg')}</Field.HelperText>}
            </Field.Root>
            <Field.Root invalid={!!errors.roundingScope} disabled={readOnly}>
              <Field.Label>{t('field.roundingScope')}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  value={draft.roundingScope}
                  onChange={(event) => set('roundingScope', event.currentTarget.value as RoundingScope)}
                  data-error-key="roundingScope"
                  data-testid="rate-card-scope"
                >
                  {ROUNDING_SCOPES.map((scope) => (
                    <option key={scope} value={scope}>
                      {t(`scope.${scope}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {errors.roundingScope ? <Field.ErrorText>{errors.roundingScope}</Field.ErrorText> : <Field.HelperText>{t(`scopeHint.${draft.roundingScope}`)}</Field.HelperText>}
            </Field.Root>
          </SimpleGrid>
        </Card.Body>
      </Card.Root>

      <Card.Root size="sm" variant="outline" data-error-key="rounding">
        <Card.Header>
          <HStack justify="space-between" gap="3" wrap="wrap">
            <Box>
              <Heading size="sm">{t('section.rounding')}</Heading>
              <Text textStyle="sm" color="fg.muted">
                {t('rounding.hint')}
              </Text>
            </Box>
            {!readOnly ? (
              <HStack gap="2">
                {rounding.length === 0 ? (
                  <Button size="xs" variant="ghost" onClick={() => edit((current) => ({ ...current, rounding: exampleRounding() }), ['rounding'])} data-testid="rate-card-rounding-example">
                    {t('rounding.useExample')}
                  </Button>
                ) : null}
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => edit((current) => ({ ...current, rounding: [...current.rounding, { key: newKey('r'), upTo: '', increment: '' }] }), ['rounding'])}
                  data-testid="rate-card-rounding-add"
                >
                  <PlusIcon />
                  {t('rounding.add')}
                </Button>
              </HStack>
            ) : null}
          </HStack>
        </Card.Header>
        <Card.Body>
          {errors.rounding ? (
            <Text textStyle="sm" color="fg.error" marginBottom="3" role="alert">
              {errors.rounding}
            </Text>
          ) : null}
          {rounding.length === 0 ? (
            <Text textStyle="sm" color="fg.muted" data-testid="rate-card-rounding-empty">
              {t('rounding.empty')}
            </Text>
          ) : (
            <Stack gap="2" maxWidth="lg">
              <Grid templateColumns="minmax(0, 1fr) minmax(0, 1fr) 2rem" gap="2">
                <Text textStyle="xs" fontWeight="medium" color="fg.muted">
                  {t('rounding.upTo')}
                </Text>
                <Text textStyle="xs" fontWeight="medium" color="fg.muted">
                  {t('rounding.increment')}
                </Text>
                <Box />
              </Grid>
              {rounding.map((step, index) => {
                const upToKey = errorKeys.rounding(step.key, 'upTo');
                const incrementKey = errorKeys.rounding(step.key, 'increment');
                const rowKey = errorKeys.rounding(step.key);
                return (
                  <Grid key={step.key} templateColumns="minmax(0, 1fr) minmax(0, 1fr) 2rem" gap="2" data-testid="rate-card-rounding-row">
                    <Field.Root invalid={!!errors[upToKey] || !!errors[rowKey]} readOnly={readOnly}>
                      <Input
                        size="sm"
                        inputMode="decimal"
                        value={step.upTo}
                        aria-label={t('rounding.upToLabel', { n: index + 1 })}
                        onChange={(event) => setStep(step.key, 'upTo', event.currentTarget.value)}
                        data-error-key={upToKey}
                        data-testid="rate-card-rounding-up-to"
                      />
                      <Field.ErrorText>{errors[upToKey] ?? errors[rowKey]}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root invalid={!!errors[incrementKey]} readOnly={readOnly}>
                      <Input
                        size="sm"
                        inputMode="decimal"
                        value={step.increment}
                        aria-label={t('rounding.incrementLabel', { n: index + 1 })}
                        onChange={(event) => setStep(step.key, 'increment', event.currentTarget.value)}
                        data-error-key={incrementKey}
                        data-testid="rate-card-rounding-increment"
                      />
                      <Field.ErrorText>{errors[incrementKey]}</Field.ErrorText>
                    </Field.Root>
                    <Box>
                      {!readOnly ? (
                        <IconButton
                          size="sm"
                          variant="ghost"
                          colorPalette="red"
                          aria-label={t('rounding.remove', { n: index + 1 })}
                          title={t('rounding.remove', { n: index + 1 })}
                          onClick={() => edit((current) => ({ ...current, rounding: current.rounding.filter((s) => s.key !== step.key) }), [rowKey, 'rounding'])}
                          data-testid="rate-card-rounding-remove"
                        >
                          <TrashIcon />
                        </IconButton>
                      ) : null}
                    </Box>
                  </Grid>
                );
              })}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
});
