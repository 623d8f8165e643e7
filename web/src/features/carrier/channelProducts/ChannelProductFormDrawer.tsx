import { Button, HStack, SimpleGrid, Text } from '@chakra-ui/react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../../components/form/FormField';
import { CodeNameFields, SelectField, TextareaField, TextField } from '../../../components/form/fields';
import { FormSwitch } from '../../../components/form/FormSwitch';
import { RecordFormDrawer, WIDE_DRAWER, type RecordFormOpenProps } from '../../../components/form/RecordFormDialog';
import { requiredText } from '../../../components/form/rules';
import { channelLabel, TRANS_TYPES, useChannelOptions } from '../channels/api';
import {
  addChannelProduct,
  CHANNEL_PRODUCT_LIST_PATH,
  DEDUCT_METHODS,
  editChannelProduct,
  LABEL_TYPES,
  PUSH_METHODS,
  TRADE_TYPES,
  useRateCardCodes,
  WEIGHT_RATIO_PICKS,
  type ChannelProductRecord,
} from './api';
import { errorPath, productBody, productDefaults, type ProductValues } from './form';
import { PostalRulesEditor } from './PostalRulesEditor';
import { RulesEditor } from './RulesEditor';
import { divisorRule } from './rules';

export type ChannelProductFormDrawerProps = RecordFormOpenProps<ChannelProductRecord> & {
  /** The channel a new product starts with (the list's channel filter). */
  channelId?: string;
};

/**
 * Add or edit a channel product with every field, its validity rules and its postal rules
 * (`POST /logistics/channelProduct/add`, `PUT /logistics/channelProduct/edit`).
 */
export function ChannelProductFormDrawer({ record, channelId = '', ...drawer }: ChannelProductFormDrawerProps) {
  const { t } = useTranslation('carrierProduct');
  return (
    <RecordFormDrawer<ProductValues>
      {...drawer} testId="product-drawer" errorTestId="product-form-error" submitTestId="product-save" size={WIDE_DRAWER} gap="6" listPath={CHANNEL_PRODUCT_LIST_PATH}
      serverFields={errorPath}
      title={record ? t('form.editTitle', { name: record.title || record.name }) : t('form.addTitle')}
      defaultValues={() => productDefaults(record, channelId)}
      save={(values) => (record ? editChannelProduct({ ...productBody(values), id: record.id }) : addChannelProduct(productBody(values)))}
    >
      <ProductFields />
    </RecordFormDrawer>
  );
}

function ProductFields() {
  const { t } = useTranslation('carrierProduct');
  const { t: tc } = useTranslation('carrierChannel');
  const { setValue } = useFormContext<ProductValues>();
  const channels = useChannelOptions();
  const rateCards = useRateCardCodes();
  const ratio = useWatch<ProductValues, 'thWeightRatio'>({ name: 'thWeightRatio' });

  const channelChoices = (channels.data ?? []).map((channel) => ({ value: channel.id, label: channelLabel(channel) }));
  const rateCardChoices = (rateCards.data ?? []).map((card) => ({ value: card.code, label: `${card.code} · ${card.name}${card.currency ? ` (${card.currency})` : ''}` }));

  return (
    <>
      <FormSection title={t('section.basic')}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <SelectField<ProductValues> name="channelId" label={t('field.channel')} required testId="product-channel" rules={{ validate: requiredText(t('form.channelRequired')) }}
            options={channelChoices} placeholder={t('form.channelPlaceholder')} emptySelectable={false} loading={channels.isPending} />
          <CodeNameFields<ProductValues> text={t} testId="product" />
          <SelectField<ProductValues> name="tradeType" label={t('field.tradeType')} helper={t('form.tradeTypeHint')} testId="product-trade-type"
            options={TRADE_TYPES.map((type) => ({ value: type, label: t(`tradeType.${type}`) }))} placeholder={t('tradeType.any')} />
          <TextField<ProductValues> name="transType" label={t('field.transType')} testId="product-trans-type"
            suggestions={{ id: 'product-trans-types', values: TRANS_TYPES, label: (value) => tc(`transType.${value as (typeof TRANS_TYPES)[number]}`) }} />
        </SimpleGrid>
      </FormSection>

      <FormSection title={t('section.pricing')}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {rateCards.isError ? (
            <TextField<ProductValues> name="feeId" label={t('field.feeId')} helper={t('form.feeIdTyped')} fontFamily="mono" autoComplete="off" testId="product-fee-id" />
          ) : (
            <SelectField<ProductValues> name="feeId" label={t('field.feeId')} helper={t('form.feeIdHint')} testId="product-fee-id" options={rateCardChoices} placeholder={t('form.feeIdNone')}
              loading={rateCards.isPending} />
          )}
          <TextField<ProductValues> name="thWeightRatio" label={t('field.thWeightRatio')} helper={t('form.ratioHint')} inputMode="numeric" autoComplete="off" testId="product-ratio"
            rules={{
              validate: (v) => {
                const text = v.trim();
                if (text === '') return t('form.ratioRequired');
                return divisorRule(text);
              },
            }}
            below={
              <HStack gap="1" wrap="wrap">
                <Text textStyle="xs" color="fg.muted">
                  {t('form.ratioPicks')}
                </Text>
                {WEIGHT_RATIO_PICKS.map((pick) => {
                  const active = ratio.trim() === String(pick);
                  return (
                    <Button
                      key={pick}
                      size="xs"
                      variant={active ? 'solid' : 'outline'}
                      aria-pressed={active}
                      onClick={() => setValue('thWeightRatio', String(pick), { shouldDirty: true, shouldValidate: true })}
                      data-testid={`product-ratio-${pick}`}
                    >
                      {pick === 0 ? t('form.ratioActual') : pick}
                    </Button>
                  );
                })}
              </HStack>
            }
          />
        </SimpleGrid>
      </FormSection>

      <FormSection title={t('section.operation')}>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <TextField<ProductValues> name="pushMethod" label={t('field.pushMethod')} testId="product-push-method"
            suggestions={{ id: 'product-push-methods', values: PUSH_METHODS, label: (value) => t(`pushMethod.${value as (typeof PUSH_METHODS)[number]}`) }} />
          <TextField<ProductValues> name="labelType" label={t('field.labelType')} testId="product-label-type" suggestions={{ id: 'product-label-types', values: LABEL_TYPES, label: (value) => t(`labelType.${value as (typeof LABEL_TYPES)[number]}`) }} />
          <TextField<ProductValues> name="deductMethod" label={t('field.deductMethod')} testId="product-deduct-method"
            suggestions={{ id: 'product-deduct-methods', values: DEDUCT_METHODS, label: (value) => t(`deductMethod.${value as (typeof DEDUCT_METHODS)[number]}`) }} />
        </SimpleGrid>
        <Text textStyle="xs" color="fg.muted" marginTop="-2">
          {t('form.suggestionsHint')}
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          {(['izEnable', 'izSingle', 'izMult', 'izSubsist'] as const).map((name) => (
            <FormSwitch<ProductValues> key={name} colorPalette="green" name={name} label={t(`field.${name}`)} helper={t(`form.${name}Hint`)} testId={`product-${name.replace(/^iz/, 'iz-').toLowerCase()}`} />
          ))}
        </SimpleGrid>
      </FormSection>

      <FormSection title={t('section.rules')}>
        <RulesEditor />
        <PostalRulesEditor />
      </FormSection>

      <TextareaField<ProductValues> name="remark" label={t('field.remark')} maxLength={500} testId="product-remark" />
    </>
  );
}
