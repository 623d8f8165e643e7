/**
 * The tenant's customer main accounts, for staff pickers (price levels, the forecast, orders and
 * addresses for a customer): `GET /logistics/priceLevel/customers`.
 */
import type { RemoteOption } from '../components/form/RemoteSelect';
import { api } from './client';
import type { components } from './schema';

/** A customer main account for the picker. */
export type CustomerOption = components['schemas']['CustomerOption'];

/** "username – realname", as the lists name customers. */
export const customerLabel = (customer: CustomerOption) => (customer.realname ? `${customer.username} – ${customer.realname}` : customer.username);

/** The tenant's customer main accounts matching a keyword (at most 50), as picker options. */
export function searchCustomers(keyWord: string, signal: AbortSignal): Promise<RemoteOption[]> {
  return api
    .get<CustomerOption[] | null>('/logistics/priceLevel/customers', { keyWord }, { signal })
    .then((envelope) => (envelope.result ?? []).map((customer) => ({ value: customer.id, label: customerLabel(customer), hint: customer.realname ? customer.username : undefined })));
}
