import { Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RecordFormDialog } from '../../../components/form/RecordFormDialog';
import { FormField } from '../../../components/form/FormField';
import { FormSwitch } from '../../../components/form/FormSwitch';
import { RemoteSelect } from '../../../components/form/RemoteSelect';
import { addPriceLevel, editPriceLevel, exampleFreight, MARKUP_PATTERN, MAX_MARKUP, MIN_MARKUP, PRICE_LEVEL_LIST_PATH, type PriceLevelRecord, searchCustomers, searchProducts } from './api';

interface Values {
  customerId: string;
  productId: string;
  markupPercent: string;
  enabled: boolean;
}

const FIELDS: (keyof Values)[] = ['customerId', 'productId', 'markupPercent', 'enabled'];

const defaults = (record: PriceLevelRecord | undefined): Values => ({
  customerId: record?.customerId ?? '',
  productId: record?.productId ?? '',
  markupPercent: record?.markupPercent ?? '0',
  enabled: record?.enabled ?? true,
});

interface PriceLevelFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The level to edit; a new one when undefined. */
  record: PriceLevelRecord | undefined;
  onSaved?: () => void;
}

/** Add or edit a customer's price level for a product (`POST /logistics/priceLevel/add`, `PUT …/edit`). */
export function PriceLevelFormDialog({ open, onOpenChange, record, onSaved }: PriceLevelFormDialogProps) {
  const { t } = useTranslation('carrierPriceLevel');
  const save = (values: Values) => {
    const body = { customerId: values.customerId, productId: values.productId, markupPercent: values.markupPercent.trim().replace(/^\+/, ''), enabled: values.enabled };
    return record ? editPriceLevel({ ...body, id: record.id }) : addPriceLevel(body);
  };
  return (
    <RecordFormDialog<Values>
      open={open}
      onOpenChange={onOpenChange}
      testId="price-level-form"
      size={{ base: 'full', sm: 'md' }}
      title={record ? t('form.editTitle') : t('form.addTitle')}
      defaultValues={() => defaults(record)}
      save={save}
      listPath={PRICE_LEVEL_LIST_PATH}
      onSaved={onSaved}
      serverFields={FIELDS}
    >
      <PriceLevelFields record={record} />
    </RecordFormDialog>
  );
}

function PriceLevelFields({ record }: { record: PriceLevelRecord | undefined }) {
  const { t } = useTranslation('carrierPriceLevel');
  const form = useFormContext<Values>();
  const { register, formState, control } = form;
  const markup = useWatch({ control, name: 'markupPercent' });

  const example = exampleFreight(markup);
  const markupValue = Number(markup);

  const err = formState.errors;

  return (
    <>
      <FormField label={t('field.customer')} required error={err.customerId?.message} helper={t('form.customerHint')} testId="price-level-customer">
        <Controller
          control={control}
          name="customerId"
          rules={{ validate: (v) => (v ? true : t('form.customerRequired')) }}
          render={({ field }) => (
            <RemoteSelect
              value={field.value}
              selected={record ? { value: record.customerId, label: record.customerName || record.customerId } : undefined}
              onChange={(option) => field.onChange(option?.value ?? '')}
              search={searchCustomers}
              queryKey={['carrier', 'priceLevel', 'customers']}
              placeholder={t('form.customerPlaceholder')}
              invalid={!!err.customerId}
              aria-label={t('field.customer')}
              data-testid="price-level-customer"
            />
          )}
        />
      </FormField>
      <FormField label={t('field.product')} required error={err.productId?.message} testId="price-level-product">
        <Controller
          control={control}
          name="productId"
          rules={{ validate: (v) => (v ? true : t('form.productRequired')) }}
          render={({ field }) => (
            <RemoteSelect
              value={field.value}
              selected={record ? { value: record.productId, label: [record.productCode, record.productName].filter(Boolean).join(' · ') || record.productId } : undefined}
              onChange={(option) => field.onChange(option?.value ?? '')}
              search={searchProducts}
              queryKey={['carrier', 'priceLevel', 'products']}
              placeholder={t('form.productPlaceholder')}
              invalid={!!err.productId}
              aria-label={t('field.product')}
              data-testid="price-level-product"
            />
          )}
        />
      </FormField>
      <FormField
        label={t('field.markupPercent')}
        required
        error={err.markupPercent?.message}
        helper={
          <Stack gap="0.5" as="span">
            <Text as="span">{t('form.markupHint')}</Text>
            {example !== undefined ? (
              <Text as="span" color={markupValue > 0 ? 'orange.fg' : markupValue < 0 ? 'green.fg' : undefined} data-testid="price-level-example">
                {t('form.markupExample', { price: example })}
              </Text>
            ) : null}
          </Stack>
        }
        testId="price-level-markup"
      >
        <InputGroup endElement={<Text color="fg.muted">{'%'}</Text>}>
          <Input
            size="sm"
            inputMode="decimal"
            autoComplete="off"
            data-testid="price-level-markup"
            {...register('markupPercent', {
              validate: (v) => {
                const text = v.trim();
                if (text === '') return t('form.markupRequired');
                if (!MARKUP_PATTERN.test(text)) return t('form.markupNumber');
                const value = Number(text);
                return value >= MIN_MARKUP && value <= MAX_MARKUP ? true : t('form.markupRange', { min: MIN_MARKUP, max: MAX_MARKUP });
              },
            })}
          />
        </InputGroup>
      </FormField>
      <FormSwitch colorPalette="green" control={control} name="enabled" label={t('field.enabled')} helper={t('form.enabledHint')} testId="price-level-enabled" />
    </>
  );
}
