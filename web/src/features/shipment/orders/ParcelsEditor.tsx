/**
 * The order's parcels, each with its dimensions, weight and declared goods: rows added and
 * removed in place; every field checked by core as it is typed (the form's resolver).
 */
import { Box, Button, Card, Grid, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form/fields';
import { PlusIcon, TrashIcon } from '../../../components/icons';
import { emptyParcel, emptyProduct, PRODUCT_FIELDS, type OrderValues, type ProductField, type ShipmentType } from './model';

const PRODUCT_LABELS: Record<ProductField, 'form.sku' | 'form.frName' | 'form.lcName' | 'form.hsCode' | 'form.quantity' | 'form.unitPrice' | 'form.unitWeight'> = {
  sku: 'form.sku',
  frName: 'form.frName',
  lcName: 'form.lcName',
  frHscode: 'form.hsCode',
  quantity: 'form.quantity',
  unitPrice: 'form.unitPrice',
  unitWeight: 'form.unitWeight',
};

const NUMERIC = new Set<string>(['quantity', 'unitPrice', 'unitWeight', 'length', 'width', 'height', 'weight']);

function ProductsEditor({ parcel }: { parcel: number }) {
  const { t } = useTranslation('shipment');
  const { control } = useFormContext<OrderValues>();
  const { fields, append, remove } = useFieldArray({ control, name: `parcels.${parcel}.products` });
  return (
    <Stack gap="2">
      {fields.map((field, index) => (
        <Grid key={field.id} templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))', xl: '1fr 2fr 1.5fr 1.2fr 0.7fr 1fr 1fr auto' }} gap="2" alignItems="end" data-testid="shipment-product-row">
          {PRODUCT_FIELDS.map((name) => (
            <TextField<OrderValues>
              key={name}
              name={`parcels.${parcel}.products.${index}.${name}`}
              label={t(PRODUCT_LABELS[name])}
              required={name === 'frName' || name === 'quantity' || name === 'unitPrice' || name === 'unitWeight'}
              inputMode={NUMERIC.has(name) ? 'decimal' : undefined}
              fontFamily={name === 'frHscode' || name === 'sku' ? 'mono' : undefined}
              testId={`shipment-product-${name}`}
            />
          ))}
          <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={t('form.removeProduct')} title={t('form.removeProduct')} disabled={fields.length <= 1} onClick={() => remove(index)}>
            <TrashIcon />
          </IconButton>
        </Grid>
      ))}
      <Box>
        <Button size="xs" variant="ghost" onClick={() => append(emptyProduct())} data-testid="shipment-add-product">
          <PlusIcon />
          {t('form.addProduct')}
        </Button>
      </Box>
    </Stack>
  );
}

export function ParcelsEditor({ type }: { type: ShipmentType }) {
  const { t } = useTranslation('shipment');
  const { control } = useFormContext<OrderValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'parcels' });
  const dimension = (index: number, name: 'length' | 'width' | 'height' | 'weight') => (
    <TextField<OrderValues> name={`parcels.${index}.${name}`} label={t(`form.${name}`)} required inputMode="decimal" testId={`shipment-parcel-${name}`} />
  );
  return (
    <Stack gap="3">
      {fields.map((field, index) => (
        <Card.Root key={field.id} size="sm" variant="outline" data-testid="shipment-parcel">
          <Card.Body>
            <Stack gap="3">
              <HStack justify="space-between">
                <Text fontWeight="semibold">{t('form.parcel', { n: index + 1 })}</Text>
                <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t('form.removeParcel')} title={t('form.removeParcel')} disabled={fields.length <= 1} onClick={() => remove(index)}>
                  <TrashIcon />
                </IconButton>
              </HStack>
              <Grid templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(6, minmax(0, 1fr))' }} gap="2">
                <TextField<OrderValues> name={`parcels.${index}.reference`} label={t('form.reference')} testId="shipment-parcel-reference" />
                {type === 'FBA' ? (
                  <TextField<OrderValues> name={`parcels.${index}.fbaCode`} label={t('form.boxId')} required fontFamily="mono" textTransform="uppercase" testId="shipment-parcel-fba" />
                ) : null}
                {dimension(index, 'length')}
                {dimension(index, 'width')}
                {dimension(index, 'height')}
                {dimension(index, 'weight')}
              </Grid>
              <ProductsEditor parcel={index} />
            </Stack>
          </Card.Body>
        </Card.Root>
      ))}
      <Box>
        <Button size="sm" variant="outline" onClick={() => append(emptyParcel())} data-testid="shipment-add-parcel">
          <PlusIcon />
          {t('form.addParcel')}
        </Button>
      </Box>
    </Stack>
  );
}
