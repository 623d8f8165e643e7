import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../../components/form/FormField';
import { TextareaField, TextField, type TextFieldProps } from '../../../components/form/fields';
import { RecordFormDialog, WIDE_DIALOG, type RecordFormOpenProps } from '../../../components/form/RecordFormDialog';
import { textValues } from '../../../components/form/values';
import { CustomerField } from '../shippers/ShipperFormDialog';
import { addProduct, editProduct, PRODUCT_LIST_PATH, PRODUCT_TEXTS, productBody, productIssue, type ParcelProductRecord, type ProductText, type ProductValues } from './api';

const SERVER_FIELDS: (keyof ProductValues)[] = ['customerId', ...PRODUCT_TEXTS];

const defaults = (record: ParcelProductRecord | undefined): ProductValues => textValues(record, SERVER_FIELDS);

/** A field checked by core's catalogue rules as it is typed (`product-${testId}`, its error under it). */
function ProductField({ name, testId, ...input }: { name: ProductText; testId: string } & Omit<TextFieldProps<ProductValues>, 'name' | 'testId' | 'rules'>) {
  const { t } = useTranslation('product');
  return (
    <TextField<ProductValues> name={name} label={t(`field.${name}`)} autoComplete="off" testId={`product-${testId}`} {...input}
      rules={{ validate: (_value, values) => productIssue(values, name) ?? true }} />
  );
}

/**
 * Add or edit a catalogue product (`POST /logistics/parcelProduct/add`, `PUT …/edit`): every field
 * checked by core as it is typed (SKU, English description, unit value and weight required; HS
 * codes, links and lengths); a SKU already taken shows under it. Staff name the customer of a new one.
 */
export function ProductFormDialog({ record, ...dialog }: RecordFormOpenProps<ParcelProductRecord>) {
  const { t } = useTranslation('product');
  return (
    <RecordFormDialog<ProductValues, ParcelProductRecord>
      {...dialog} testId="parcel-product-form" size={WIDE_DIALOG} scrollBehavior="inside" listPath={PRODUCT_LIST_PATH} serverFields={SERVER_FIELDS}
      title={record ? t('form.editTitle', { name: record.sku }) : t('form.addTitle')}
      defaultValues={() => defaults(record)}
      save={(values) => (record ? editProduct({ ...productBody(values), id: record.id }) : addProduct(productBody(values)))}
    >
      <ProductFields adding={!record} />
    </RecordFormDialog>
  );
}

/** A declaration element in English and in Chinese (`product-fr-${testId}`, `product-lc-${testId}`). */
const pair = (fr: ProductText, lc: ProductText, testId: string) => (
  <>
    <ProductField name={fr} testId={`fr-${testId}`} maxLength={100} />
    <ProductField name={lc} testId={`lc-${testId}`} maxLength={100} />
  </>
);

function ProductFields({ adding }: { adding: boolean }) {
  const { t } = useTranslation('product');
  return (
    <>
      {adding ? <CustomerField text={t} testId="product-customer" /> : null}
      <FormSection title={t('form.basics')}>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <ProductField name="sku" testId="sku" required fontFamily="mono" maxLength={50} spellCheck={false} helper={t('form.skuHint')} />
          <ProductField name="unit" testId="unit" maxLength={20} placeholder={t('form.unitPlaceholder')} />
          <ProductField name="frName" testId="fr-name" required maxLength={200} />
          <ProductField name="lcName" testId="lc-name" maxLength={200} />
          <ProductField name="frHscode" testId="fr-hscode" fontFamily="mono" inputMode="numeric" maxLength={20} helper={t('form.hscodeHint')} />
          <ProductField name="lcHscode" testId="lc-hscode" fontFamily="mono" inputMode="numeric" maxLength={20} />
          <ProductField name="unitPrice" testId="unit-price" required inputMode="decimal" helper={t('form.unitPriceHint')} />
          <ProductField name="unitWeight" testId="unit-weight" required inputMode="decimal" />
        </SimpleGrid>
      </FormSection>
      <FormSection title={t('form.details')}>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          {pair('frMeterial', 'lcMeterial', 'material')}
          {pair('frUsage', 'lcUsage', 'usage')}
          {pair('frBrand', 'lcBrand', 'brand')}
          {pair('frModel', 'lcModel', 'model')}
        </SimpleGrid>
      </FormSection>
      <FormSection title={t('form.links')}>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <ProductField name="shopUrl" testId="shop-url" type="url" inputMode="url" maxLength={500} placeholder={t('form.urlPlaceholder')} />
          <ProductField name="photoUrl" testId="photo-url" type="url" inputMode="url" maxLength={500} placeholder={t('form.urlPlaceholder')} />
        </SimpleGrid>
        <TextareaField<ProductValues> name="remark" label={t('field.remark')} maxLength={500} testId="product-remark"
          rules={{ validate: (_value, values) => productIssue(values, 'remark') ?? true }} />
      </FormSection>
    </>
  );
}
