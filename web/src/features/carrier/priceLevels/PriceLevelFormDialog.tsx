import { Button, CloseButton, Dialog, Input, InputGroup, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { toaster } from '../../../components/ui/toaster';
import { useRevalidateOnLanguageChange } from '../../../hooks/useRevalidateOnLanguageChange';
import { FormField } from '../shared/FormField';
import { FormSwitch } from '../shared/FormSwitch';
import { RemoteSelect } from '../shared/RemoteSelect';
import { serverError } from '../shared/serverError';
import { addPriceLevel, editPriceLevel, exampleFreight, MARKUP_PATTERN, MAX_MARKUP, MIN_MARKUP, searchCustomers, searchProducts, type PriceLevelRecord } from './api';

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
  onSaved: () => void;
}

/** Add or edit a customer's price level for a product (`POST /logistics/priceLevel/add`, `PUT …/edit`). */
export function PriceLevelFormDialog({ open, onOpenChange, record, onSaved }: PriceLevelFormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="center" size={{ base: 'full', sm: 'md' }} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="price-level-form">
            <PriceLevelForm record={record} onSaved={onSaved} onClose={() => onOpenChange(false)} />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function PriceLevelForm({ record, onSaved, onClose }: { record: PriceLevelRecord | undefined; onSaved: () => void; onClose: () => void }) {
  const { t } = useTranslation('carrierPriceLevel');
  const form = useForm<Values>({ mode: 'onTouched', defaultValues: defaults(record) });
  const { register, handleSubmit, formState, setError, control } = form;
  const [formError, setFormError] = useState<string>();
  const markup = useWatch({ control, name: 'markupPercent' });
  useRevalidateOnLanguageChange(form);

  const example = exampleFreight(markup);
  const markupValue = Number(markup);

  const submit = handleSubmit(async (values) => {
    setFormError(undefined);
    const body = { customerId: values.customerId, productId: values.productId, markupPercent: values.markupPercent.trim().replace(/^\+/, ''), enabled: values.enabled };
    try {
      const envelope = record ? await editPriceLevel({ ...body, id: record.id }) : await addPriceLevel(body);
      toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
      onSaved();
      onClose();
    } catch (failure) {
      const { message, field } = serverError(failure);
      if (field && FIELDS.includes(field as keyof Values)) setError(field as keyof Values, { type: 'server', message }, { shouldFocus: true });
      else setFormError(message);
    }
  });

  const err = formState.errors;

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Dialog.Header>
        <Dialog.Title>{record ? t('form.editTitle') : t('form.addTitle')}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <ErrorAlert message={formError} testId="price-level-form-error" />
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
          <FormSwitch control={control} name="enabled" label={t('field.enabled')} helper={t('form.enabledHint')} testId="price-level-enabled" />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" size="sm">
            {t('action.cancel', { ns: 'dataTable' })}
          </Button>
        </Dialog.ActionTrigger>
        <Button type="submit" size="sm" loading={formState.isSubmitting} data-testid="price-level-form-submit">
          {t('action.save', { ns: 'dataTable' })}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
