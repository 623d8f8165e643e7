import { Button, CloseButton, Drawer, Heading, HStack, Input, Portal, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useSaveRecord } from '../../../components/list';
import { useRevalidateOnLanguageChange } from '../../../hooks/useRevalidateOnLanguageChange';
import { channelLabel, TRANS_TYPES, useChannelOptions } from '../channels/api';
import { FormField } from '../../../components/form/FormField';
import { FormSwitch } from '../../../components/form/FormSwitch';
import { OptionSelect } from '../../../components/form/OptionSelect';
import { CODE_PATTERN } from '../../../components/form/serverError';
import {
  addChannelProduct,
  CHANNEL_PRODUCT_LIST_PATH,
  DEDUCT_METHODS,
  editChannelProduct,
  LABEL_TYPES,
  MAX_WEIGHT_RATIO,
  PUSH_METHODS,
  TRADE_TYPES,
  useRateCardCodes,
  WEIGHT_RATIO_PICKS,
  type ChannelProductRecord,
} from './api';
import { errorPath, productBody, productDefaults, type ProductValues } from './form';
import { PostalRulesEditor } from './PostalRulesEditor';
import { RulesEditor } from './RulesEditor';
import { INTEGER } from './rules';

export interface ChannelProductFormDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The product to edit; a new one when undefined. */
  record: ChannelProductRecord | undefined;
  /** The channel a new product starts with (the list's channel filter). */
  channelId?: string;
  onSaved?: () => void;
}

/**
 * Add or edit a channel product with every field, its validity rules and its postal rules
 * (`POST /logistics/channelProduct/add`, `PUT /logistics/channelProduct/edit`).
 */
export function ChannelProductFormDrawer({ open, onOpenChange, record, channelId = '', onSaved }: ChannelProductFormDrawerProps) {
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} size={{ base: 'full', md: 'xl' }} placement="end" lazyMount unmountOnExit>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="product-drawer">
            <ProductForm record={record} channelId={channelId} onSaved={onSaved} onClose={() => onOpenChange(false)} />
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

/** Suggested values of a free-text field (the browser offers them as the user types). */
function Suggestions({ id, values, label }: { id: string; values: readonly string[]; label?: (value: string) => string }) {
  return (
    <datalist id={id}>
      {values.map((value) => (
        <option key={value} value={value}>
          {label ? label(value) : value}
        </option>
      ))}
    </datalist>
  );
}

function ProductForm({ record, channelId, onSaved, onClose }: { record: ChannelProductRecord | undefined; channelId: string; onSaved?: () => void; onClose: () => void }) {
  const { t } = useTranslation('carrierProduct');
  const { t: tc } = useTranslation('carrierChannel');
  const form = useForm<ProductValues>({ mode: 'onTouched', defaultValues: productDefaults(record, channelId) });
  const { register, handleSubmit, formState, setError, setValue, getValues, control } = form;
  const { save, formError } = useSaveRecord<ProductValues>({ listPath: CHANNEL_PRODUCT_LIST_PATH, onSaved, serverFields: (field) => errorPath(field, getValues()), setError });
  const channels = useChannelOptions();
  const rateCards = useRateCardCodes();
  const ratio = useWatch({ control, name: 'thWeightRatio' });
  useRevalidateOnLanguageChange(form);

  const channelChoices = (channels.data ?? []).map((channel) => ({ value: channel.id, label: channelLabel(channel) }));
  const rateCardChoices = (rateCards.data ?? []).map((card) => ({ value: card.code, label: `${card.code} · ${card.name}${card.currency ? ` (${card.currency})` : ''}` }));

  const submit = handleSubmit(async (values) => {
    const body = productBody(values);
    if (await save(() => (record ? editChannelProduct({ ...body, id: record.id }) : addChannelProduct(body)))) onClose();
  });

  const err = formState.errors;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} style={{ display: 'contents' }}>
      <Drawer.Header borderBottomWidth="1px">
        <Drawer.Title>{record ? t('form.editTitle', { name: record.title || record.name }) : t('form.addTitle')}</Drawer.Title>
      </Drawer.Header>
      <Drawer.Body>
        <Stack gap="6" paddingY="2">
          <ErrorAlert message={formError} testId="product-form-error" />

          <Stack gap="4">
            <Heading size="sm">{t('section.basic')}</Heading>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormField label={t('field.channel')} required error={err.channelId?.message} testId="product-channel">
                <Controller
                  control={control}
                  name="channelId"
                  rules={{ validate: (v) => (v ? true : t('form.channelRequired')) }}
                  render={({ field }) => (
                    <OptionSelect
                      ref={field.ref}
                      name={field.name}
                      value={field.value}
                      onChange={(event) => field.onChange(event.currentTarget.value)}
                      onBlur={field.onBlur}
                      options={channelChoices}
                      placeholder={t('form.channelPlaceholder')}
                      emptySelectable={false}
                      loading={channels.isPending}
                      invalid={!!err.channelId}
                      data-testid="product-channel"
                    />
                  )}
                />
              </FormField>
              <FormField label={t('field.code')} required error={err.code?.message} helper={t('form.codeHint')} testId="product-code">
                <Input
                  size="sm"
                  fontFamily="mono"
                  textTransform="uppercase"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={32}
                  data-testid="product-code"
                  {...register('code', {
                    validate: {
                      required: (v) => (v.trim() ? true : t('form.codeRequired')),
                      pattern: (v) => (CODE_PATTERN.test(v.trim()) ? true : t('form.codeInvalid')),
                    },
                  })}
                />
              </FormField>
              <FormField label={t('field.name')} required error={err.name?.message} testId="product-name">
                <Input size="sm" maxLength={100} data-testid="product-name" {...register('name', { validate: (v) => (v.trim() ? true : t('form.nameRequired')) })} />
              </FormField>
              <FormField label={t('field.nameEn')} error={err.nameEn?.message}>
                <Input size="sm" maxLength={100} data-testid="product-name-en" {...register('nameEn')} />
              </FormField>
              <FormField label={t('field.tradeType')} error={err.tradeType?.message} helper={t('form.tradeTypeHint')}>
                <Controller
                  control={control}
                  name="tradeType"
                  render={({ field }) => (
                    <OptionSelect
                      ref={field.ref}
                      name={field.name}
                      value={field.value}
                      onChange={(event) => field.onChange(event.currentTarget.value)}
                      onBlur={field.onBlur}
                      options={TRADE_TYPES.map((type) => ({ value: type, label: t(`tradeType.${type}`) }))}
                      placeholder={t('tradeType.any')}
                      data-testid="product-trade-type"
                    />
                  )}
                />
              </FormField>
              <FormField label={t('field.transType')} error={err.transType?.message}>
                <Input size="sm" list="product-trans-types" autoComplete="off" maxLength={50} data-testid="product-trans-type" {...register('transType')} />
                <Suggestions id="product-trans-types" values={TRANS_TYPES} label={(value) => tc(`transType.${value as (typeof TRANS_TYPES)[number]}`)} />
              </FormField>
            </SimpleGrid>
          </Stack>

          <Stack gap="4">
            <Heading size="sm">{t('section.pricing')}</Heading>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormField label={t('field.feeId')} error={err.feeId?.message} helper={rateCards.isError ? t('form.feeIdTyped') : t('form.feeIdHint')} testId="product-fee-id">
                {rateCards.isError ? (
                  <Input size="sm" fontFamily="mono" autoComplete="off" data-testid="product-fee-id" {...register('feeId')} />
                ) : (
                  <Controller
                    control={control}
                    name="feeId"
                    render={({ field }) => (
                      <OptionSelect
                        ref={field.ref}
                        name={field.name}
                        value={field.value}
                        onChange={(event) => field.onChange(event.currentTarget.value)}
                        onBlur={field.onBlur}
                        options={rateCardChoices}
                        placeholder={t('form.feeIdNone')}
                        loading={rateCards.isPending}
                        invalid={!!err.feeId}
                        data-testid="product-fee-id"
                      />
                    )}
                  />
                )}
              </FormField>
              <FormField label={t('field.thWeightRatio')} error={err.thWeightRatio?.message} helper={t('form.ratioHint')} testId="product-ratio">
                <Stack gap="2" width="full">
                  <Input
                    size="sm"
                    inputMode="numeric"
                    autoComplete="off"
                    data-testid="product-ratio"
                    {...register('thWeightRatio', {
                      validate: (v) => {
                        const text = v.trim();
                        if (text === '') return t('form.ratioRequired');
                        return INTEGER.test(text) && Number(text) <= MAX_WEIGHT_RATIO ? true : t('form.ratioInvalid', { max: MAX_WEIGHT_RATIO });
                      },
                    })}
                  />
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
                </Stack>
              </FormField>
            </SimpleGrid>
          </Stack>

          <Stack gap="4">
            <Heading size="sm">{t('section.operation')}</Heading>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <FormField label={t('field.pushMethod')} error={err.pushMethod?.message}>
                <Input size="sm" list="product-push-methods" autoComplete="off" maxLength={50} data-testid="product-push-method" {...register('pushMethod')} />
                <Suggestions id="product-push-methods" values={PUSH_METHODS} label={(value) => t(`pushMethod.${value as (typeof PUSH_METHODS)[number]}`)} />
              </FormField>
              <FormField label={t('field.labelType')} error={err.labelType?.message}>
                <Input size="sm" list="product-label-types" autoComplete="off" maxLength={50} data-testid="product-label-type" {...register('labelType')} />
                <Suggestions id="product-label-types" values={LABEL_TYPES} />
              </FormField>
              <FormField label={t('field.deductMethod')} error={err.deductMethod?.message}>
                <Input size="sm" list="product-deduct-methods" autoComplete="off" maxLength={50} data-testid="product-deduct-method" {...register('deductMethod')} />
                <Suggestions id="product-deduct-methods" values={DEDUCT_METHODS} label={(value) => t(`deductMethod.${value as (typeof DEDUCT_METHODS)[number]}`)} />
              </FormField>
            </SimpleGrid>
            <Text textStyle="xs" color="fg.muted" marginTop="-2">
              {t('form.suggestionsHint')}
            </Text>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <FormSwitch colorPalette="green" control={control} name="izEnable" label={t('field.izEnable')} helper={t('form.izEnableHint')} testId="product-iz-enable" />
              <FormSwitch colorPalette="green" control={control} name="izSingle" label={t('field.izSingle')} helper={t('form.izSingleHint')} testId="product-iz-single" />
              <FormSwitch colorPalette="green" control={control} name="izMult" label={t('field.izMult')} helper={t('form.izMultHint')} testId="product-iz-mult" />
              <FormSwitch colorPalette="green" control={control} name="izSubsist" label={t('field.izSubsist')} helper={t('form.izSubsistHint')} testId="product-iz-subsist" />
            </SimpleGrid>
          </Stack>

          <Stack gap="4">
            <Heading size="sm">{t('section.rules')}</Heading>
            <RulesEditor form={form} />
            <PostalRulesEditor form={form} />
          </Stack>

          <FormField label={t('field.remark')} error={err.remark?.message}>
            <Textarea size="sm" rows={3} autoresize maxLength={500} data-testid="product-remark" {...register('remark')} />
          </FormField>
        </Stack>
      </Drawer.Body>
      <Drawer.Footer borderTopWidth="1px">
        <Drawer.ActionTrigger asChild>
          <Button variant="outline" size="sm">
            {t('action.cancel', { ns: 'dataTable' })}
          </Button>
        </Drawer.ActionTrigger>
        <Button type="submit" size="sm" loading={formState.isSubmitting} data-testid="product-save">
          {t('action.save', { ns: 'dataTable' })}
        </Button>
      </Drawer.Footer>
    </form>
  );
}
