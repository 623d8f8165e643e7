import { Badge, Box, Button, Card, EmptyState, Field, Flex, Heading, HStack, IconButton, Input, SimpleGrid, Stack, Text, VStack } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityIcon, PlusIcon, TrashIcon } from '../../../components/icons';
import { SURCHARGE_TYPES, type SurchargeType } from './types';
import type { EditDraft, Errors } from './editing';
import { emptySurcharge, errorKeys, SURCHARGE_FIELDS, type SurchargeDraft } from './model';
import { TagListInput } from './TagListInput';

interface SurchargesSectionProps {
  surcharges: SurchargeDraft[];
  currency: string;
  errors: Errors;
  edit: EditDraft;
  readOnly: boolean;
}

const PALETTE: Record<SurchargeType, string> = { fuel: 'orange', perTicket: 'blue', remoteArea: 'purple', oversize: 'red', insurance: 'teal' };

type NumberField = 'percent' | 'amount' | 'maxSide' | 'maxWeight';

/** Fuel, per-ticket, remote-area, oversize and insurance surcharges, each with the fields of its type. */
export const SurchargesSection = memo(function SurchargesSection({ surcharges, currency, errors, edit, readOnly }: SurchargesSectionProps) {
  const { t } = useTranslation('rateCard');

  const update = (key: string, patch: Partial<SurchargeDraft>, field: string) =>
    edit(
      (current) => ({ ...current, surcharges: current.surcharges.map((s) => (s.key === key ? { ...s, ...patch } : s)) }),
      [errorKeys.surcharge(key, field), errorKeys.surcharge(key), 'surcharges'],
    );

  const unit = (field: NumberField) => (field === 'percent' ? '%' : field === 'maxSide' ? t('unit.cm') : field === 'maxWeight' ? t('unit.kg') : currency);

  const numberField = (surcharge: SurchargeDraft, field: NumberField) => {
    const key = errorKeys.surcharge(surcharge.key, field);
    const hint = field === 'amount' && surcharge.type === 'oversize' ? t('surcharges.perParcel') : field === 'percent' ? t(`surcharges.percentOf.${surcharge.type === 'insurance' ? 'insurance' : 'fuel'}`) : undefined;
    return (
      <Field.Root key={field} invalid={!!errors[key]} required={field === 'percent' || field === 'amount'} readOnly={readOnly}>
        <Field.Label>
          {t(`surcharges.field.${field}`)}
          {field === 'percent' || field === 'amount' ? <Field.RequiredIndicator /> : null}
        </Field.Label>
        <HStack gap="2" width="full">
          <Input
            size="sm"
            inputMode="decimal"
            value={surcharge[field]}
            onChange={(event) => update(surcharge.key, { [field]: event.currentTarget.value }, field)}
            data-error-key={key}
            data-testid={`rate-card-surcharge-${field}`}
          />
          <Text textStyle="sm" color="fg.muted" flexShrink={0} minWidth="8">
            {unit(field)}
          </Text>
        </HStack>
        {errors[key] ? <Field.ErrorText>{errors[key]}</Field.ErrorText> : hint ? <Field.HelperText>{hint}</Field.HelperText> : null}
      </Field.Root>
    );
  };

  const listField = (surcharge: SurchargeDraft, field: 'countries' | 'postalCodes') => {
    const key = errorKeys.surcharge(surcharge.key, field);
    return (
      <Field.Root key={field} invalid={!!errors[key]} required={field === 'postalCodes'}>
        <Field.Label>
          {t(`surcharges.field.${field}`)}
          {field === 'postalCodes' ? <Field.RequiredIndicator /> : null}
        </Field.Label>
        <TagListInput
          kind={field === 'countries' ? 'country' : 'postal'}
          value={surcharge[field]}
          onChange={(value) => update(surcharge.key, { [field]: value }, field)}
          label={t(`surcharges.field.${field}`)}
          placeholder={t(`surcharges.placeholder.${field}`)}
          invalid={!!errors[key]}
          readOnly={readOnly}
          errorKey={key}
          testId={`rate-card-surcharge-${field}`}
        />
        {errors[key] ? <Field.ErrorText>{errors[key]}</Field.ErrorText> : <Field.HelperText>{t(`surcharges.hint.${field}`)}</Field.HelperText>}
      </Field.Root>
    );
  };

  return (
    <Card.Root size="sm" variant="outline" data-error-key="surcharges">
      <Card.Header>
        <Stack gap="3">
          <Box>
            <Heading size="sm">{t('section.surcharges')}</Heading>
            <Text textStyle="sm" color="fg.muted">
              {t('surcharges.hint.section')}
            </Text>
          </Box>
          {!readOnly ? (
            <Flex gap="2" wrap="wrap">
              {SURCHARGE_TYPES.map((type) => (
                <Button
                  key={type}
                  size="xs"
                  variant="outline"
                  onClick={() => edit((current) => ({ ...current, surcharges: [...current.surcharges, emptySurcharge(type)] }), ['surcharges'])}
                  data-testid={`rate-card-surcharge-add-${type}`}
                >
                  <PlusIcon />
                  {t(`surchargeType.${type}`)}
                </Button>
              ))}
            </Flex>
          ) : null}
        </Stack>
      </Card.Header>
      <Card.Body>
        {errors.surcharges ? (
          <Text textStyle="sm" color="fg.error" marginBottom="3" role="alert">
            {errors.surcharges}
          </Text>
        ) : null}
        {surcharges.length === 0 ? (
          <EmptyState.Root size="sm" data-testid="rate-card-surcharges-empty">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <ActivityIcon />
              </EmptyState.Indicator>
              <VStack textAlign="center" gap="1">
                <EmptyState.Title>{t('surcharges.emptyTitle')}</EmptyState.Title>
                <EmptyState.Description>{t('surcharges.emptyDescription')}</EmptyState.Description>
              </VStack>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <Stack gap="3">
            {surcharges.map((surcharge, index) => {
              const rowError = errors[errorKeys.surcharge(surcharge.key)] ?? errors[errorKeys.surcharge(surcharge.key, 'type')];
              return (
                <Box
                  key={surcharge.key}
                  borderWidth="1px"
                  borderColor={rowError ? 'border.error' : 'border'}
                  rounded="md"
                  padding="3"
                  data-error-key={errorKeys.surcharge(surcharge.key)}
                  data-testid="rate-card-surcharge-row"
                  data-type={surcharge.type}
                >
                  <HStack justify="space-between" marginBottom="2">
                    <Badge size="sm" variant="subtle" colorPalette={PALETTE[surcharge.type]}>
                      {t(`surchargeType.${surcharge.type}`)}
                    </Badge>
                    {!readOnly ? (
                      <IconButton
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={t('surcharges.remove', { n: index + 1, type: t(`surchargeType.${surcharge.type}`) })}
                        title={t('surcharges.remove', { n: index + 1, type: t(`surchargeType.${surcharge.type}`) })}
                        onClick={() =>
                          edit((current) => ({ ...current, surcharges: current.surcharges.filter((s) => s.key !== surcharge.key) }), [errorKeys.surcharge(surcharge.key), 'surcharges'])
                        }
                        data-testid="rate-card-surcharge-remove"
                      >
                        <TrashIcon />
                      </IconButton>
                    ) : null}
                  </HStack>
                  <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
                    {SURCHARGE_FIELDS[surcharge.type].map((field) =>
                      field === 'countries' || field === 'postalCodes' ? listField(surcharge, field) : numberField(surcharge, field),
                    )}
                  </SimpleGrid>
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
    </Card.Root>
  );
});
