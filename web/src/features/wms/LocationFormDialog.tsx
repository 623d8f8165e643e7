import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextareaField, TextField } from '../../components/form/fields';
import { RecordFormDialog, type RecordFormOpenProps } from '../../components/form/RecordFormDialog';
import { textValues } from '../../components/form/values';
import { addLocation, editLocation, LOCATION_LIST_PATH, LOCATION_TYPES, orNull, wmsFieldRule, type WmsLocationForm, type WmsLocationRecord } from './api';

const TEXTS = ['warehouse', 'zone', 'aisle', 'shelf', 'bin', 'capacity', 'locationType', 'remark'] as const;
type Values = Record<(typeof TEXTS)[number], string>;
const SEGMENTS = ['warehouse', 'zone', 'aisle', 'shelf', 'bin'] as const;

const defaults = (record: WmsLocationRecord | undefined): Values => {
  const values = textValues({ ...record, capacity: record ? String(record.capacity) : '' }, TEXTS);
  return { ...values, locationType: values.locationType || 'storage' };
};

/** The body add and edit send (and core checks). */
export const locationBody = (values: Values): WmsLocationForm => ({
  warehouse: values.warehouse.trim(),
  zone: values.zone.trim(),
  aisle: orNull(values.aisle),
  shelf: orNull(values.shelf),
  bin: orNull(values.bin),
  capacity: values.capacity.trim(),
  locationType: values.locationType,
  remark: orNull(values.remark),
});

/** The code core makes of the segments (`SZ1-A-01-02-03`), as it is typed. */
export const locationCode = (values: Values) =>
  SEGMENTS.map((segment) => values[segment].trim().toUpperCase())
    .filter((part) => part !== '')
    .join('-');

/**
 * Add or edit a storage location (`POST /wms/location/add`, `PUT /wms/location/edit`): warehouse
 * and zone, then aisle, shelf and bin as deep as the place goes, checked by core as typed; the
 * code they make is shown as it will be printed. A code already used shows under it.
 */
export function LocationFormDialog({ record, ...dialog }: RecordFormOpenProps<WmsLocationRecord>) {
  const { t } = useTranslation('wmsLocation');
  return (
    <RecordFormDialog<Values, WmsLocationRecord>
      {...dialog} testId="location-form" listPath={LOCATION_LIST_PATH} serverFields={[...TEXTS]}
      title={record ? t('form.editTitle', { name: record.code }) : t('form.addTitle')}
      subtitle={t('form.subtitle')}
      defaultValues={() => defaults(record)}
      save={(values) => (record ? editLocation({ ...locationBody(values), id: record.id }) : addLocation(locationBody(values)))}
    >
      <SimpleGrid columns={{ base: 2, sm: 3 }} gap="4">
        {SEGMENTS.map((segment) => (
          <TextField<Values> key={segment} name={segment} label={t(`field.${segment}`)} required={segment === 'warehouse' || segment === 'zone'}
            fontFamily="mono" maxLength={10} autoComplete="off" spellCheck={false} testId={`location-${segment}`}
            rules={{ validate: wmsFieldRule('location', segment, locationBody) }} />
        ))}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <SelectField<Values> name="locationType" label={t('field.locationType')} required testId="location-type"
          options={LOCATION_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))} />
        <TextField<Values> name="capacity" label={t('field.capacity')} required inputMode="numeric" testId="location-capacity" helper={t('form.capacityHint')}
          rules={{ validate: wmsFieldRule('location', 'capacity', locationBody) }} />
      </SimpleGrid>
      <TextareaField<Values> name="remark" label={t('field.remark')} maxLength={500} testId="location-remark" />
    </RecordFormDialog>
  );
}
