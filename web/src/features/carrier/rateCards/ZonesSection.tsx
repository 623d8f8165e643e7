import { Badge, Box, Button, Card, EmptyState, Field, Grid, Heading, HStack, IconButton, Input, Stack, Text, VStack } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ConfirmDialog';
import { MapPinIcon, PlusIcon, TrashIcon } from '../../../components/icons';
import type { EditDraft, Errors } from './editing';
import { emptyZone, errorKeys, pricedCells, removeZone, type BracketDraft, type ZoneDraft } from './model';
import { TagListInput } from './TagListInput';

interface ZonesSectionProps {
  zones: ZoneDraft[];
  brackets: BracketDraft[];
  errors: Errors;
  edit: EditDraft;
  readOnly: boolean;
}

/** The card's zones: a code, the countries it covers and, optionally, postal-code prefixes. */
export const ZonesSection = memo(function ZonesSection({ zones, brackets, errors, edit, readOnly }: ZonesSectionProps) {
  const { t } = useTranslation('rateCard');
  const { confirm, dialog } = useConfirm();

  const update = (key: string, patch: Partial<ZoneDraft>, field: 'code' | 'countries' | 'postalPrefixes') =>
    edit((current) => ({ ...current, zones: current.zones.map((zone) => (zone.key === key ? { ...zone, ...patch } : zone)) }), [errorKeys.zone(key, field), 'zones']);

  const add = () => {
    const zone = emptyZone(`Z${zones.length + 1}`);
    edit((current) => ({ ...current, zones: [...current.zones, zone] }), ['zones']);
    // The new row's code field, once drawn.
    window.requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`[data-error-key="${errorKeys.zone(zone.key, 'code')}"]`)?.select());
  };

  const remove = (zone: ZoneDraft) => {
    const drop = () => edit((current) => removeZone(current, zone.key), [errorKeys.zone(zone.key), 'zones']);
    const priced = pricedCells(brackets, zone.key);
    if (priced === 0) {
      drop();
      return;
    }
    confirm({
      title: t('zones.removeTitle', { code: zone.code || '—' }),
      description: t('zones.removeDescription', { count: priced }),
      testId: 'rate-card-zone-remove-confirm',
      onConfirm: drop,
    });
  };

  return (
    <Card.Root size="sm" variant="outline" data-error-key="zones">
      <Card.Header>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Box>
            <Heading size="sm">{t('section.zones')}</Heading>
            <Text textStyle="sm" color="fg.muted">
              {t('zones.hint')}
            </Text>
          </Box>
          {!readOnly ? (
            <Button size="xs" variant="outline" onClick={add} data-testid="rate-card-zone-add">
              <PlusIcon />
              {t('zones.add')}
            </Button>
          ) : null}
        </HStack>
      </Card.Header>
      <Card.Body>
        {errors.zones ? (
          <Text textStyle="sm" color="fg.error" marginBottom="3" role="alert">
            {errors.zones}
          </Text>
        ) : null}
        {zones.length === 0 ? (
          <EmptyState.Root size="sm" data-testid="rate-card-zones-empty">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <MapPinIcon />
              </EmptyState.Indicator>
              <VStack textAlign="center" gap="1">
                <EmptyState.Title>{t('zones.emptyTitle')}</EmptyState.Title>
                <EmptyState.Description>{t('zones.emptyDescription')}</EmptyState.Description>
              </VStack>
              {!readOnly ? (
                <Button size="sm" onClick={add}>
                  <PlusIcon />
                  {t('zones.add')}
                </Button>
              ) : null}
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <Stack gap="3">
            {zones.map((zone, index) => {
              const codeKey = errorKeys.zone(zone.key, 'code');
              const countriesKey = errorKeys.zone(zone.key, 'countries');
              const prefixesKey = errorKeys.zone(zone.key, 'postalPrefixes');
              const rowError = errors[errorKeys.zone(zone.key)];
              const priced = pricedCells(brackets, zone.key);
              return (
                <Box key={zone.key} borderWidth="1px" borderColor={rowError ? 'border.error' : 'border'} rounded="md" padding="3" data-testid="rate-card-zone-row">
                  <Grid templateColumns={{ base: 'minmax(0, 1fr) auto', md: '9rem minmax(0, 1fr) minmax(0, 1fr) auto' }} gap="3" alignItems="start">
                    <Field.Root invalid={!!errors[codeKey]} required readOnly={readOnly} gridColumn="1" gridRow="1">
                      <Field.Label>
                        {t('zones.code')}
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <Input
                        size="sm"
                        fontFamily="mono"
                        autoComplete="off"
                        maxLength={32}
                        value={zone.code}
                        onChange={(event) => update(zone.key, { code: event.currentTarget.value }, 'code')}
                        data-error-key={codeKey}
                        data-testid="rate-card-zone-code"
                      />
                      {errors[codeKey] ? (
                        <Field.ErrorText>{errors[codeKey]}</Field.ErrorText>
                      ) : (
                        <Field.HelperText>
                          <Badge size="xs" variant="subtle" colorPalette={priced > 0 ? 'blue' : 'gray'}>
                            {t('zones.priced', { count: priced })}
                          </Badge>
                        </Field.HelperText>
                      )}
                    </Field.Root>
                    <Box gridColumn={{ base: '2', md: '4' }} gridRow="1" paddingTop="6">
                      {!readOnly ? (
                        <IconButton
                          size="sm"
                          variant="ghost"
                          colorPalette="red"
                          aria-label={t('zones.remove', { code: zone.code || index + 1 })}
                          title={t('zones.remove', { code: zone.code || index + 1 })}
                          onClick={() => remove(zone)}
                          data-testid="rate-card-zone-remove"
                        >
                          <TrashIcon />
                        </IconButton>
                      ) : null}
                    </Box>
                    <Field.Root invalid={!!errors[countriesKey]} required gridColumn={{ base: '1 / -1', md: '2' }} gridRow={{ base: '2', md: '1' }}>
                      <Field.Label>
                        {t('zones.countries')}
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <TagListInput
                        kind="country"
                        value={zone.countries}
                        onChange={(countries) => update(zone.key, { countries }, 'countries')}
                        label={t('zones.countriesLabel', { code: zone.code })}
                        placeholder={t('zones.countriesPlaceholder')}
                        invalid={!!errors[countriesKey]}
                        readOnly={readOnly}
                        errorKey={countriesKey}
                        testId="rate-card-zone-countries"
                      />
                      <Field.ErrorText>{errors[countriesKey]}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root invalid={!!errors[prefixesKey]} gridColumn={{ base: '1 / -1', md: '3' }} gridRow={{ base: '3', md: '1' }}>
                      <Field.Label>{t('zones.postalPrefixes')}</Field.Label>
                      <TagListInput
                        kind="postal"
                        value={zone.postalPrefixes}
                        onChange={(postalPrefixes) => update(zone.key, { postalPrefixes }, 'postalPrefixes')}
                        label={t('zones.postalPrefixesLabel', { code: zone.code })}
                        placeholder={t('zones.postalPrefixesPlaceholder')}
                        invalid={!!errors[prefixesKey]}
                        readOnly={readOnly}
                        errorKey={prefixesKey}
                        testId="rate-card-zone-prefixes"
                      />
                      {errors[prefixesKey] ? <Field.ErrorText>{errors[prefixesKey]}</Field.ErrorText> : <Field.HelperText>{t('zones.postalPrefixesHint')}</Field.HelperText>}
                    </Field.Root>
                  </Grid>
                  {rowError ? (
                    <Text textStyle="sm" color="fg.error" marginTop="2" role="alert">
                      {rowError}
                    </Text>
                  ) : null}
                </Box>
              );
            })}
          </Stack>
        )}
      </Card.Body>
      {dialog}
    </Card.Root>
  );
});
