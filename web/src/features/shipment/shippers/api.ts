/**
 * Shippers (`logistics:shipper:*`): a customer's sender addresses; one may be the default, which a
 * new order takes when it names none. Also the address parts depots share with them (the
 * server's `shipment/address.rs`): the form's values and body, the phone and postal-code rules,
 * the countries and the list's address columns.
 */
import { useMemo } from 'react';
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';
import type { DataColumn } from '../../../components/DataTable';
import type { SelectOption } from '../../../components/form/OptionSelect';
import { optionalTexts } from '../../../components/form/values';
import { monoColumn, truncatedColumn } from '../../../components/list';
import { postalMatches } from '../../../core';
import { useLanguage } from '../../../i18n';
import { useUserInfo } from '../../../lib/session';
import { destinationName, searchDestinations, useDestinations, type Destination } from '../../logistics/forecast/countries';
import { isCustomerKind } from '../../logistics/wallet/api';

export type ShipperRecord = components['schemas']['ShipperRecord'];
export type ShipperInput = components['schemas']['ShipperForm'];

export const { listPath: SHIPPER_LIST_PATH, exportPath: SHIPPER_EXPORT_PATH, add: addShipper, edit: editShipper, removeAny: deleteShippers } = resource<ShipperRecord, ShipperInput>('/logistics/shipper');

/** Staff pick the customer a record is for from the tenant's main accounts (the price levels' search). */
export { searchCustomers } from '../../carrier/priceLevels/api';

/** Whether the signed-in user is staff (customers' and sub-accounts' records are their own). */
export const useIsStaff = () => !isCustomerKind(useUserInfo()?.userKind);

/** The address's texts in a form, as `AddressForm` names them. */
export const ADDRESS_TEXTS = ['country', 'state', 'city', 'postalCode', 'street', 'house', 'address1', 'address2'] as const;
export type AddressValues = Record<(typeof ADDRESS_TEXTS)[number], string>;
const OPTIONAL_ADDRESS = ['state', 'postalCode', 'street', 'house', 'address2'] as const;

/** The address as sent: the country upper-cased, the required lines trimmed, the optional ones null when empty. */
export const addressBody = (values: AddressValues) => ({
  ...optionalTexts(values, OPTIONAL_ADDRESS),
  country: values.country.trim().toUpperCase(),
  city: values.city.trim(),
  address1: values.address1.trim(),
});

/**
 * A phone as written abroad: 5 to 20 digits, only digits, spaces and `+ - ( )`, a `+` only
 * first. Mirrors core's `shipment::consignee_phone` (what the server checks shippers' and
 * depots' phones by), which the browser's core does not export.
 */
export function phoneFits(text: string): boolean {
  const digits = text.replace(/\D/g, '').length;
  return /^[\d +\-()]*$/.test(text) && text.lastIndexOf('+') <= 0 && digits >= 5 && digits <= 20;
}

/** A postal code against its country's pattern (core's engine, as the server checks it): fits unless it does not match. */
export const postalFits = (pattern: string | null | undefined, postalCode: string) => postalMatches(pattern ?? '', postalCode.trim()) !== false;

/** The enabled countries (the forecast's list, kept offline), by name in the UI language, as select options. */
export function useCountries(): { destinations: readonly Destination[]; options: SelectOption[] } {
  const { destinations } = useDestinations();
  const lang = useLanguage();
  const options = useMemo(() => searchDestinations(destinations, '', lang).map((d) => ({ value: d.code, label: `${destinationName(d, lang)} (${d.code})` })), [destinations, lang]);
  return { destinations, options };
}

/** What the address columns read of a record. */
type AddressRecord = Pick<ShipperRecord, 'country' | 'city' | 'postalCode' | 'address1'>;
export type AddressColumnKey = 'field.country' | 'field.city' | 'field.postalCode' | 'field.address1';

/** The list's address columns: country (sortable), city, postal code and the first line. */
export function addressColumns<T extends AddressRecord>(text: (key: AddressColumnKey) => string): DataColumn<T>[] {
  return [
    monoColumn<T>('country', text('field.country'), (row) => row.country, { sortable: true }),
    { id: 'city', header: text('field.city'), hideBelow: 'sm' },
    monoColumn<T>('postalCode', text('field.postalCode'), (row) => row.postalCode, { hideBelow: 'md' }),
    truncatedColumn<T>('address1', text('field.address1'), (row) => row.address1, '64', { hideBelow: 'lg' }),
  ];
}
