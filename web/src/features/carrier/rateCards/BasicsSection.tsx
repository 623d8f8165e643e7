import { Box, Button, Grid, HStack, Input, SimpleGrid, Stack, Text, type InputProps } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form/FormField';
import { OptionSelect } from '../../../components/form/OptionSelect';
import { RemoveButton } from '../../../components/form/RowsEditor';
import { PlusIcon } from '../../../components/icons';
import { EditorSection } from './EditorSection';
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

/** The head of a column of the rounding table. */
const columnHead = (text: string) => (
  <Text textStyle="xs" fontWeight="medium" color="fg.muted">
    {text}
  </Text>
);

/** The card's header fields and its weight-rounding table. */
export const BasicsSection = memo(function BasicsSection({ draft, rounding, errors, edit, codeLocked, readOnly }: BasicsSectionProps) {
  const { t } = useTranslation('rateCard');
  const set = (field: HeaderField, value: string) => edit((current) => ({ ...current, [field]: value }), [errorKeys.header(field)]);
  const currencies: string[] = [...CURRENCIES];
  if (draft.currency && !currencies.includes(draft.currency)) currencies.unshift(draft.currency);

  /** A text field of the header, bound to the draft (a jump to its message lands on it). */
  const input = (field: 'code' | 'name' | 'effectiveFrom' | 'minChargeableWeight', testId: string, props: InputProps = {}) => (
    <Input size="sm" value={draft[field]} onChange={(event) => set(field, event.currentTarget.value)} data-error-key={field} data-testid={testId} {...props} />
  );

  const setStep = (key: string, field: 'upTo' | 'increment', value: string) =>
    edit(
      (current) => ({ ...current, rounding: current.rounding.map((step) => (step.key === key ? { ...step, [field]: value } : step)) }),
      [errorKeys.rounding(key, field), 'rounding'],
    );

  return (
    <Stack gap="5">
      <EditorSection title={t('section.header')}>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
          <FormField label={t('field.code')} required readOnly={codeLocked || readOnly} error={errors.code} helper={codeLocked ? t('form.codeLocked') : t('form.codeHint')}>
            {input('code', 'rate-card-code', { fontFamily: 'mono', autoComplete: 'off', onChange: (event) => set('code', event.currentTarget.value.toUpperCase()) })}
          </FormField>
          <FormField label={t('field.name')} required readOnly={readOnly} error={errors.name}>
            {input('name', 'rate-card-name')}
          </FormField>
          <FormField label={t('field.currency')} required disabled={readOnly} error={errors.currency}>
            <OptionSelect
              options={currencies.map((code) => ({ value: code, label: code }))}
              value={draft.currency}
              onChange={(event) => set('currency', event.currentTarget.value)}
              invalid={!!errors.currency}
              disabled={readOnly}
              data-error-key="currency"
              data-testid="rate-card-currency"
            />
          </FormField>
          <FormField label={t('field.effectiveFrom')} required readOnly={readOnly} error={errors.effectiveFrom} helper={t('form.effectiveFromHint')}>
            {input('effectiveFrom', 'rate-card-effective-from', { type: 'date' })}
          </FormField>
          <FormField label={t('field.minChargeableWeight')} readOnly={readOnly} error={errors.minChargeableWeight} helper={t('form.kg')}>
            {input('minChargeableWeight', 'rate-card-min-weight', { inputMode: 'decimal' })}
          </FormField>
          <FormField label={t('field.roundingScope')} disabled={readOnly} error={errors.roundingScope} helper={t(`scopeHint.${draft.roundingScope}`)}>
            <OptionSelect
              options={ROUNDING_SCOPES.map((scope) => ({ value: scope, label: t(`scope.${scope}`) }))}
              value={draft.roundingScope}
              onChange={(event) => set('roundingScope', event.currentTarget.value as RoundingScope)}
              invalid={!!errors.roundingScope}
              disabled={readOnly}
              data-error-key="roundingScope"
              data-testid="rate-card-scope"
            />
          </FormField>
        </SimpleGrid>
      </EditorSection>

      <EditorSection
        title={t('section.rounding')}
        hint={t('rounding.hint')}
        errorKey="rounding"
        error={errors.rounding}
        actions={
          !readOnly ? (
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
          ) : null
        }
      >
        {rounding.length === 0 ? (
          <Text textStyle="sm" color="fg.muted" data-testid="rate-card-rounding-empty">
            {t('rounding.empty')}
          </Text>
        ) : (
          <Stack gap="2" maxWidth="lg">
            <Grid templateColumns="minmax(0, 1fr) minmax(0, 1fr) 2rem" gap="2">
              {columnHead(t('rounding.upTo'))}
              {columnHead(t('rounding.increment'))}
              <Box />
            </Grid>
            {rounding.map((step, index) => {
              const rowKey = errorKeys.rounding(step.key);
              const stepInput = (field: 'upTo' | 'increment', error: string | undefined) => {
                const key = errorKeys.rounding(step.key, field);
                return (
                  <FormField readOnly={readOnly} error={error}>
                    <Input
                      size="sm"
                      inputMode="decimal"
                      value={step[field]}
                      aria-label={t(`rounding.${field}Label`, { n: index + 1 })}
                      onChange={(event) => setStep(step.key, field, event.currentTarget.value)}
                      data-error-key={key}
                      data-testid={field === 'upTo' ? 'rate-card-rounding-up-to' : 'rate-card-rounding-increment'}
                    />
                  </FormField>
                );
              };
              return (
                <Grid key={step.key} templateColumns="minmax(0, 1fr) minmax(0, 1fr) 2rem" gap="2" data-testid="rate-card-rounding-row">
                  {stepInput('upTo', errors[errorKeys.rounding(step.key, 'upTo')] ?? errors[rowKey])}
                  {stepInput('increment', errors[errorKeys.rounding(step.key, 'increment')])}
                  <Box>
                    {!readOnly ? (
                      <RemoveButton
                        size="sm"
                        label={t('rounding.remove', { n: index + 1 })}
                        onClick={() => edit((current) => ({ ...current, rounding: current.rounding.filter((s) => s.key !== step.key) }), [rowKey, 'rounding'])}
                        testId="rate-card-rounding-remove"
                      />
                    ) : null}
                  </Box>
                </Grid>
              );
            })}
          </Stack>
        )}
      </EditorSection>
    </Stack>
  );
});
