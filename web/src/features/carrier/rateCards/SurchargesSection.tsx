import { Badge, Button, Flex, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form/FormField';
import { RemoveButton } from '../../../components/form/RowsEditor';
import { ActivityIcon, PlusIcon } from '../../../components/icons';
import { EditorRow, EditorSection, SectionEmpty } from './EditorSection';
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
      <FormField key={field} label={t(`surcharges.field.${field}`)} required={field === 'percent' || field === 'amount'} readOnly={readOnly} error={errors[key]} helper={hint}>
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
      </FormField>
    );
  };

  const listField = (surcharge: SurchargeDraft, field: 'countries' | 'postalCodes') => {
    const key = errorKeys.surcharge(surcharge.key, field);
    return (
      <FormField key={field} label={t(`surcharges.field.${field}`)} required={field === 'postalCodes'} error={errors[key]} helper={t(`surcharges.hint.${field}`)}>
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
      </FormField>
    );
  };

  return (
    <EditorSection
      title={t('section.surcharges')}
      hint={t('surcharges.hint.section')}
      errorKey="surcharges"
      error={errors.surcharges}
      actionsBelow
      actions={
        !readOnly ? (
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
        ) : null
      }
    >
      {surcharges.length === 0 ? (
        <SectionEmpty icon={<ActivityIcon />} title={t('surcharges.emptyTitle')} description={t('surcharges.emptyDescription')} data-testid="rate-card-surcharges-empty" />
      ) : (
        <Stack gap="3">
          {surcharges.map((surcharge, index) => {
            const rowError = errors[errorKeys.surcharge(surcharge.key)] ?? errors[errorKeys.surcharge(surcharge.key, 'type')];
            const typeName = t(`surchargeType.${surcharge.type}`);
            return (
              <EditorRow key={surcharge.key} error={rowError} data-error-key={errorKeys.surcharge(surcharge.key)} data-testid="rate-card-surcharge-row" data-type={surcharge.type}>
                <HStack justify="space-between" marginBottom="2">
                  <Badge size="sm" variant="subtle" colorPalette={PALETTE[surcharge.type]}>
                    {typeName}
                  </Badge>
                  {!readOnly ? (
                    <RemoveButton
                      label={t('surcharges.remove', { n: index + 1, type: typeName })}
                      onClick={() => edit((current) => ({ ...current, surcharges: current.surcharges.filter((s) => s.key !== surcharge.key) }), [errorKeys.surcharge(surcharge.key), 'surcharges'])}
                      testId="rate-card-surcharge-remove"
                    />
                  ) : null}
                </HStack>
                <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
                  {SURCHARGE_FIELDS[surcharge.type].map((field) => (field === 'countries' || field === 'postalCodes' ? listField(surcharge, field) : numberField(surcharge, field)))}
                </SimpleGrid>
              </EditorRow>
            );
          })}
        </Stack>
      )}
    </EditorSection>
  );
});
