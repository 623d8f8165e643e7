import { SimpleGrid } from '@chakra-ui/react';
import { useFormContext, useWatch, type FieldValues, type Validate } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RemoteSelectField, SelectField, TextareaField, TextField } from '../../../components/form/fields';
import { FormSwitch } from '../../../components/form/FormSwitch';
import { RecordFormDialog, WIDE_DIALOG, type RecordFormOpenProps } from '../../../components/form/RecordFormDialog';
import { optional, optionalEmail, requiredText } from '../../../components/form/rules';
import { optionalTexts, textValues } from '../../../components/form/values';
import { addressBody, ADDRESS_TEXTS, addShipper, editShipper, phoneFits, postalFits, searchCustomers, SHIPPER_LIST_PATH, useCountries, useIsStaff, type AddressColumnKey, type AddressValues, type ShipperRecord } from './api';

const TEXTS = ['customerId', 'name', 'company', 'phone', 'email', ...ADDRESS_TEXTS, 'remark'] as const;
const OPTIONAL = ['customerId', 'company', 'phone', 'email', 'remark'] as const;
type Values = Record<(typeof TEXTS)[number], string> & { izDefault: boolean };
const SERVER_FIELDS: (keyof Values)[] = [...TEXTS, 'izDefault'];

const defaults = (record: ShipperRecord | undefined): Values => ({ ...textValues(record, TEXTS), izDefault: record?.izDefault === 1 });
const body = (values: Values) => ({ ...optionalTexts(values, OPTIONAL), ...addressBody(values), name: values.name.trim(), izDefault: values.izDefault ? 1 : 0 });

/** Add or edit a shipper (`POST /logistics/shipper/add`, `PUT /logistics/shipper/edit`); staff name the customer of a new one. */
export function ShipperFormDialog({ record, ...dialog }: RecordFormOpenProps<ShipperRecord>) {
  const { t } = useTranslation('shipper');
  return (
    <RecordFormDialog<Values, ShipperRecord>
      {...dialog} testId="shipper-form" size={WIDE_DIALOG} scrollBehavior="inside" listPath={SHIPPER_LIST_PATH} serverFields={SERVER_FIELDS}
      title={record ? t('form.editTitle', { name: record.name }) : t('form.addTitle')}
      defaultValues={() => defaults(record)}
      save={(values) => (record ? editShipper({ ...body(values), id: record.id }) : addShipper(body(values)))}
    >
      <ShipperFields adding={!record} />
    </RecordFormDialog>
  );
}

function ShipperFields({ adding }: { adding: boolean }) {
  const { t } = useTranslation('shipper');
  return (
    <>
      {adding ? <CustomerField text={t} testId="shipper-customer" /> : null}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField<Values> name="name" label={t('field.name')} required maxLength={100} autoComplete="off" testId="shipper-name" rules={{ validate: requiredText(t('form.nameRequired')) }} />
        <TextField<Values> name="company" label={t('field.company')} maxLength={100} autoComplete="off" testId="shipper-company" />
        <PhoneField text={t} testId="shipper-phone" />
        <TextField<Values> name="email" label={t('field.email')} type="email" maxLength={100} autoComplete="off" testId="shipper-email" rules={{ validate: optionalEmail }} />
      </SimpleGrid>
      <AddressFields text={t} testId="shipper" />
      <FormSwitch<Values> colorPalette="green" name="izDefault" label={t('form.izDefault')} helper={t('form.izDefaultHint')} testId="shipper-default" />
      <TextareaField<Values> name="remark" label={t('field.remark')} maxLength={500} testId="shipper-remark" />
    </>
  );
}

/** The texts {@link CustomerField} reads from the page's namespace. */
export type CustomerTextKey = 'field.customer' | 'form.customerPlaceholder' | 'form.customerRequired' | 'form.customerHint';

/** Staff only: the customer (main account) a new record is for; customers' records are their own, and an edit keeps its customer. */
export function CustomerField({ text, testId }: { text: (key: CustomerTextKey) => string; testId: string }) {
  const staff = useIsStaff();
  if (!staff) return null;
  return (
    <RemoteSelectField<{ customerId: string }> name="customerId" label={text('field.customer')} required helper={text('form.customerHint')} testId={testId}
      rules={{ validate: requiredText(text('form.customerRequired')) }} search={searchCustomers} queryKey={['shipment', 'customers']} placeholder={text('form.customerPlaceholder')} />
  );
}

/** A phone as written abroad, if any (core's consignee rule, see {@link phoneFits}). */
export function PhoneField({ text, testId }: { text: (key: 'field.phone' | 'form.phoneInvalid') => string; testId: string }) {
  return (
    <TextField<{ phone: string }> name="phone" label={text('field.phone')} type="tel" inputMode="tel" maxLength={30} autoComplete="off" testId={testId}
      rules={{ validate: optional((value) => (phoneFits(value) ? undefined : text('form.phoneInvalid'))) }} />
  );
}

/** The texts {@link AddressFields} reads from the page's namespace. */
export type AddressTextKey =
  | AddressColumnKey
  | 'field.state'
  | 'field.street'
  | 'field.house'
  | 'field.address2'
  | 'form.countryPlaceholder'
  | 'form.countryRequired'
  | 'form.cityRequired'
  | 'form.address1Required'
  | 'form.postalMismatch';

export interface AddressFieldsProps {
  text: (key: AddressTextKey) => string;
  /** The controls' `data-testid`s are `${testId}-country`, `-state`, `-city`, `-postal-code`, `-street`, `-house`, `-address1` and `-address2`. */
  testId: string;
  /** Whether the form's values let the address stay blank (an Amazon centre's: the server fills it in). */
  blankAllowed?: (values: FieldValues) => boolean;
}

/**
 * The address shippers and depots share, checked as the server checks it (`shipment/address.rs`):
 * country, city and first line required, the postal code as typed against the country's pattern.
 */
export function AddressFields({ text, testId, blankAllowed }: AddressFieldsProps) {
  const { getValues, trigger } = useFormContext<AddressValues>();
  const { destinations, options } = useCountries();
  const watched = useWatch();
  const required = !blankAllowed?.(watched);
  const need =
    (message: string): Validate<string, FieldValues> =>
    (value, values) =>
      blankAllowed?.(values) ? true : requiredText(message)(value);
  const postal: Validate<string, FieldValues> = (value, values) => postalFits(destinations.find((d) => d.code === values.country)?.postalPattern, value) || text('form.postalMismatch');
  const field = (name: keyof AddressValues, suffix: string = name) => ({ name, label: text(`field.${name}`), testId: `${testId}-${suffix}` });

  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      <SelectField<AddressValues> {...field('country')} required={required} options={options} placeholder={text('form.countryPlaceholder')} rules={{ validate: need(text('form.countryRequired')) }}
        onValueChange={() => (getValues('postalCode').trim() ? void trigger('postalCode') : undefined)} />
      <TextField<AddressValues> {...field('state')} maxLength={100} />
      <TextField<AddressValues> {...field('city')} required={required} maxLength={100} rules={{ validate: need(text('form.cityRequired')) }} />
      <TextField<AddressValues> {...field('postalCode', 'postal-code')} fontFamily="mono" maxLength={20} rules={{ validate: postal }} />
      <TextField<AddressValues> {...field('street')} maxLength={100} />
      <TextField<AddressValues> {...field('house')} maxLength={20} />
      <TextField<AddressValues> {...field('address1')} required={required} maxLength={200} rules={{ validate: need(text('form.address1Required')) }} />
      <TextField<AddressValues> {...field('address2')} maxLength={200} />
    </SimpleGrid>
  );
}
