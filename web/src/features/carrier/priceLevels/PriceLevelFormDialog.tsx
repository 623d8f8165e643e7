import { Stack, Text } from '@chakra-ui/react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RemoteSelectField, TextField } from '../../../components/form/fields';
import { FormSwitch } from '../../../components/form/FormSwitch';
import { RecordFormDialog, type RecordFormOpenProps } from '../../../components/form/RecordFormDialog';
import { requiredText } from '../../../components/form/rules';
import { textValues } from '../../../components/form/values';
import { addPriceLevel, editPriceLevel, exampleFreight, markupRule, PRICE_LEVEL_LIST_PATH, type PriceLevelRecord, searchCustomers, searchProducts } from './api';

type Values = Record<'customerId' | 'productId' | 'markupPercent', string> & { enabled: boolean };

const FIELDS: (keyof Values)[] = ['customerId', 'productId', 'markupPercent', 'enabled'];

const defaults = (record: PriceLevelRecord | undefined): Values => ({ ...textValues(record, ['customerId', 'productId']), markupPercent: record?.markupPercent ?? '0', enabled: record?.enabled ?? true });
const body = (values: Values) => ({ customerId: values.customerId, productId: values.productId, markupPercent: values.markupPercent.trim().replace(/^\+/, ''), enabled: values.enabled });

/** Add or edit a customer's price level for a product (`POST /logistics/priceLevel/add`, `PUT …/edit`). */
export function PriceLevelFormDialog({ record, ...dialog }: RecordFormOpenProps<PriceLevelRecord>) {
  const { t } = useTranslation('carrierPriceLevel');
  return (
    <RecordFormDialog<Values>
      {...dialog} testId="price-level-form" listPath={PRICE_LEVEL_LIST_PATH} serverFields={FIELDS}
      title={record ? t('form.editTitle') : t('form.addTitle')}
      defaultValues={() => defaults(record)}
      save={(values) => (record ? editPriceLevel({ ...body(values), id: record.id }) : addPriceLevel(body(values)))}
    >
      <PriceLevelFields record={record} />
    </RecordFormDialog>
  );
}

function PriceLevelFields({ record }: { record: PriceLevelRecord | undefined }) {
  const { t } = useTranslation('carrierPriceLevel');
  const markup = useWatch<Values, 'markupPercent'>({ name: 'markupPercent' });
  const example = exampleFreight(markup);
  const markupValue = Number(markup);

  return (
    <>
      <RemoteSelectField<Values> name="customerId" label={t('field.customer')} required helper={t('form.customerHint')} testId="price-level-customer"
        rules={{ validate: requiredText(t('form.customerRequired')) }} selected={record ? { value: record.customerId, label: record.customerName || record.customerId } : undefined}
        search={searchCustomers} queryKey={['carrier', 'priceLevel', 'customers']} placeholder={t('form.customerPlaceholder')} />
      <RemoteSelectField<Values> name="productId" label={t('field.product')} required testId="price-level-product" rules={{ validate: requiredText(t('form.productRequired')) }}
        selected={record ? { value: record.productId, label: [record.productCode, record.productName].filter(Boolean).join(' · ') || record.productId } : undefined} search={searchProducts}
        queryKey={['carrier', 'priceLevel', 'products']} placeholder={t('form.productPlaceholder')} />
      <TextField<Values> name="markupPercent" label={t('field.markupPercent')} required
        helper={
          <Stack gap="0.5" as="span">
            <Text as="span">{t('form.markupHint')}</Text>
            {example !== undefined ? (
              <Text as="span" color={markupValue > 0 ? 'orange.fg' : markupValue < 0 ? 'green.fg' : undefined} data-testid="price-level-example">
                {t('form.markupExample', { price: example })}
              </Text>
            ) : null}
          </Stack> } endElement={<Text color="fg.muted">{'%'}</Text>} inputMode="decimal" autoComplete="off" testId="price-level-markup"
        rules={{
          validate: (v) => {
            const text = v.trim();
            if (text === '') return t('form.markupRequired');
            return markupRule(text);
          },
        }}
      />
      <FormSwitch<Values> colorPalette="green" name="enabled" label={t('field.enabled')} helper={t('form.enabledHint')} testId="price-level-enabled" />
    </>
  );
}
