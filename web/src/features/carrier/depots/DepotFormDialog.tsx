import { SimpleGrid } from '@chakra-ui/react';
import { useFormContext, useWatch, type Validate } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CodeNameFields, RadioField, SelectField, TextareaField, TextField } from '../../../components/form/fields';
import { FormSwitch } from '../../../components/form/FormSwitch';
import { RecordFormDialog, WIDE_DIALOG, type RecordFormOpenProps } from '../../../components/form/RecordFormDialog';
import { requiredText } from '../../../components/form/rules';
import { codeAndName, optionalTexts, textValues } from '../../../components/form/values';
import { postalFits, useCountries } from '../../shipment/shippers/api';
import { supplierLabel, useSupplierOptions } from '../suppliers/api';
import { addPlatformDepot, editPlatformDepot, PLATFORM_DEPOT_LIST_PATH, PLATFORM_DEPOT_TYPES, type PlatformDepotRecord } from './api';

const OPTIONAL = ['nameEn', 'state', 'city', 'postalCode', 'address', 'contact', 'phone', 'remark'] as const;
const TEXTS = ['code', 'name', 'depotType', 'supplierId', 'country', ...OPTIONAL] as const;
type Values = Record<(typeof TEXTS)[number], string> & { enabled: boolean };

/** A hand-over point: it names its carrier. */
const isHandover = (values: Pick<Values, 'depotType'>) => values.depotType === 'handover';

const defaults = (record: PlatformDepotRecord | undefined): Values => ({
  ...textValues(record, TEXTS),
  depotType: record?.depotType || PLATFORM_DEPOT_TYPES[0],
  enabled: record ? Number(record.status) === 1 : true,
});
const body = (values: Values) => ({
  ...optionalTexts(values, OPTIONAL),
  ...codeAndName(values),
  depotType: values.depotType,
  // A warehouse is the forwarder's own: no carrier.
  supplierId: isHandover(values) && values.supplierId ? values.supplierId : null,
  country: values.country.trim().toUpperCase(),
  status: values.enabled ? 1 : 0,
});

/** Add or edit a depot or hand-over point (`POST /logistics/platformDepot/add`, `PUT /logistics/platformDepot/edit`); a taken code or a missing carrier shows under its field. */
export function DepotFormDialog({ record, ...dialog }: RecordFormOpenProps<PlatformDepotRecord>) {
  const { t } = useTranslation('platformDepot');
  return (
    <RecordFormDialog<Values, PlatformDepotRecord>
      {...dialog} testId="platform-depot-form" size={WIDE_DIALOG} scrollBehavior="inside" listPath={PLATFORM_DEPOT_LIST_PATH} serverFields={TEXTS}
      title={record ? t('form.editTitle', { name: record.title || record.name }) : t('form.addTitle')}
      defaultValues={() => defaults(record)}
      save={(values) => (record ? editPlatformDepot({ ...body(values), id: record.id }) : addPlatformDepot(body(values)))}
    >
      <DepotFields />
    </RecordFormDialog>
  );
}

function DepotFields() {
  const { t } = useTranslation('platformDepot');
  const { getValues, trigger } = useFormContext<Values>();
  const handover = useWatch<Values, 'depotType'>({ name: 'depotType' }) === 'handover';
  const suppliers = useSupplierOptions(handover);
  const supplierChoices = (suppliers.data ?? []).map((supplier) => ({ value: supplier.id, label: supplierLabel(supplier) }));
  const { destinations, options: countries } = useCountries();
  const postal: Validate<string, Values> = (value, values) => postalFits(destinations.find((d) => d.code === values.country)?.postalPattern, value) || t('form.postalMismatch');

  return (
    <>
      <RadioField<Values> name="depotType" label={t('field.depotType')} helper={t('form.depotTypeHint')} testId="platform-depot-type"
        options={PLATFORM_DEPOT_TYPES.map((type) => ({ value: type, label: t(`depotType.${type}`) }))} />
      {handover ? (
        <SelectField<Values> name="supplierId" label={t('field.supplier')} required testId="platform-depot-supplier"
          rules={{ validate: (value, values) => !isHandover(values) || requiredText(t('form.supplierRequired'))(value) }}
          options={supplierChoices} placeholder={t('form.supplierPlaceholder')} emptySelectable={false} loading={suppliers.isPending} />
      ) : null}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <CodeNameFields<Values> text={t} testId="platform-depot" />
        <TextField<Values> name="contact" label={t('field.contact')} maxLength={100} autoComplete="off" testId="platform-depot-contact" />
        <TextField<Values> name="phone" label={t('field.phone')} type="tel" inputMode="tel" maxLength={50} autoComplete="off" testId="platform-depot-phone" />
        <SelectField<Values> name="country" label={t('field.country')} required testId="platform-depot-country" options={countries} placeholder={t('form.countryPlaceholder')}
          rules={{ validate: requiredText(t('form.countryRequired')) }} onValueChange={() => (getValues('postalCode').trim() ? void trigger('postalCode') : undefined)} />
        <TextField<Values> name="state" label={t('field.state')} maxLength={100} testId="platform-depot-state" />
        <TextField<Values> name="city" label={t('field.city')} maxLength={100} testId="platform-depot-city" />
        <TextField<Values> name="postalCode" label={t('field.postalCode')} fontFamily="mono" maxLength={20} testId="platform-depot-postal-code" rules={{ validate: postal }} />
      </SimpleGrid>
      <TextField<Values> name="address" label={t('field.address')} maxLength={300} testId="platform-depot-address" />
      <FormSwitch<Values> colorPalette="green" name="enabled" label={t('form.enabled')} helper={t('form.enabledHint')} testId="platform-depot-enabled" />
      <TextareaField<Values> name="remark" label={t('field.remark')} maxLength={500} testId="platform-depot-remark" />
    </>
  );
}
