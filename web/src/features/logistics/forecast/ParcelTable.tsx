import { Box, Button, Field, Grid, GridItem, HStack, IconButton, Input, Kbd, Stack, Text } from '@chakra-ui/react';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusIcon, TrashIcon } from '../../../components/icons';
import { emptyParcel, PARCEL_FIELDS, parcelPath, parcelTotals, type ParcelField, type ParcelRow } from './model';

export interface ParcelTableProps {
  parcels: ParcelRow[];
  onChange: (parcels: ParcelRow[]) => void;
  /** The message to show under an input, by its core path (`parcels[0].weight`). */
  errorFor: (path: string) => string | undefined;
  onTouch: (path: string) => void;
}

/** Phones: 6 columns (L/W/H two each, weight and quantity three each); from md one line per parcel. */
const SPAN: Record<ParcelField, number> = { length: 2, width: 2, height: 2, weight: 3, quantity: 3 };
const COLUMNS = { base: 'repeat(6, minmax(0, 1fr))', md: '1.75rem repeat(3, minmax(0, 1fr)) minmax(0, 1.25fr) minmax(0, 0.9fr) 2rem' };

const unit = (field: ParcelField) => (field === 'weight' ? 'kg' : field === 'quantity' ? '' : 'cm');

/**
 * The parcels of the shipment: length, width, height (cm), weight (kg) and quantity per row.
 * Enter in any box adds a row and moves to it; the trash button removes a row (one always stays).
 */
export function ParcelTable({ parcels, onChange, errorFor, onTouch }: ParcelTableProps) {
  const { t } = useTranslation('forecast');
  const inputs = useRef(new Map<string, HTMLInputElement>());
  /** The new row whose first box takes the focus as soon as it is mounted. */
  const focusNew = useRef<string | undefined>(undefined);
  const totals = parcelTotals(parcels);

  const update = (index: number, field: ParcelField, value: string) => {
    onChange(parcels.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
    onTouch(parcelPath(index, field));
  };

  const addAfter = (index: number) => {
    const row = emptyParcel();
    focusNew.current = row.id;
    onChange([...parcels.slice(0, index + 1), row, ...parcels.slice(index + 1)]);
  };

  const remove = (index: number) => {
    const next = parcels.filter((_, i) => i !== index);
    onChange(next);
    const neighbour = next[Math.min(index, next.length - 1)];
    if (neighbour) inputs.current.get(`${neighbour.id}.length`)?.focus();
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    addAfter(index);
  };

  return (
    <Stack gap="2" data-testid="forecast-parcels">
      <Grid templateColumns={COLUMNS} gap="2" hideBelow="md" color="fg.muted" textStyle="xs" fontWeight="medium" aria-hidden>
        <Box>{'#'}</Box>
        {PARCEL_FIELDS.map((field) => (
          <Box key={field}>{t(`parcel.${field}`)}</Box>
        ))}
        <Box />
      </Grid>
      {parcels.map((row, index) => (
        <Grid
          key={row.id}
          templateColumns={COLUMNS}
          gap="2"
          alignItems="start"
          borderWidth={{ base: '1px', md: '0' }}
          rounded="md"
          padding={{ base: '3', md: '0' }}
          data-testid="forecast-parcel-row"
        >
          <GridItem colSpan={{ base: 5, md: 1 }} alignSelf="center">
            <Text textStyle="sm" color="fg.muted" fontVariantNumeric="tabular-nums">
              <Box as="span" hideFrom="md">
                {t('parcel.title', { n: index + 1 })}
              </Box>
              <Box as="span" hideBelow="md">
                {index + 1}
              </Box>
            </Text>
          </GridItem>
          {PARCEL_FIELDS.map((field) => {
            const path = parcelPath(index, field);
            const error = errorFor(path);
            return (
              <GridItem key={field} colSpan={{ base: SPAN[field], md: 1 }} order={{ base: 2, md: 0 }}>
                <Field.Root invalid={error !== undefined}>
                  <Field.Label hideFrom="md" textStyle="xs" color="fg.muted">
                    {t(`parcel.${field}`)}
                  </Field.Label>
                  <Input
                    size="sm"
                    inputMode={field === 'quantity' ? 'numeric' : 'decimal'}
                    autoComplete="off"
                    value={row[field]}
                    placeholder={unit(field) || '1'}
                    aria-label={t('parcel.inputLabel', { n: index + 1, field: t(`parcel.${field}`) })}
                    onChange={(event) => update(index, field, event.currentTarget.value)}
                    onBlur={() => onTouch(path)}
                    onKeyDown={onKeyDown(index)}
                    ref={(element) => {
                      const key = `${row.id}.${field}`;
                      if (!element) {
                        inputs.current.delete(key);
                        return;
                      }
                      inputs.current.set(key, element);
                      if (field === 'length' && focusNew.current === row.id) {
                        focusNew.current = undefined;
                        element.focus();
                      }
                    }}
                    data-testid={`forecast-parcel-${field}`}
                  />
                  {error ? <Field.ErrorText data-testid="forecast-field-error">{error}</Field.ErrorText> : null}
                </Field.Root>
              </GridItem>
            );
          })}
          <GridItem colSpan={1} order={{ base: 1, md: 0 }} justifySelf="end" alignSelf={{ base: 'center', md: 'start' }}>
            <IconButton
              size="sm"
              variant="ghost"
              colorPalette="red"
              aria-label={t('parcel.remove', { n: index + 1 })}
              title={t('parcel.remove', { n: index + 1 })}
              disabled={parcels.length === 1}
              onClick={() => remove(index)}
              data-testid="forecast-parcel-remove"
            >
              <TrashIcon />
            </IconButton>
          </GridItem>
        </Grid>
      ))}
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => addAfter(parcels.length - 1)} data-testid="forecast-parcel-add">
          <PlusIcon />
          {t('parcel.add')}
        </Button>
        <Text textStyle="xs" color="fg.muted" hideBelow="sm">
          {t('parcel.enterHintBefore')}
          <Kbd size="sm" marginX="1">
            {'Enter'}
          </Kbd>
          {t('parcel.enterHintAfter')}
        </Text>
        <Text textStyle="sm" color="fg.muted" fontVariantNumeric="tabular-nums" data-testid="forecast-parcel-totals">
          {t('parcel.totals', { pieces: totals.pieces, weight: totals.weight })}
        </Text>
      </HStack>
    </Stack>
  );
}
