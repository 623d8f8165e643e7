/**
 * Delivery numbers (`logistics:deliveryNumber:list`): the ledger of tracking numbers issued to
 * orders and parcels (from a number segment, or by the carrier), with its xlsx export. Staff
 * (`logistics:deliveryNumber:void`) void the numbers of cancelled orders: the carrier withdraws
 * each first, and a void number stays in the ledger, never issued again.
 */
import { api } from '../../../api/client';
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';

export type DeliveryNumberRecord = components['schemas']['DeliveryNumberRecord'];
export type VoidForm = components['schemas']['VoidForm'];
export type Voided = components['schemas']['Voided'];

export const DELIVERY_NUMBER_PERMISSION = 'logistics:deliveryNumber';
export const DELIVERY_NUMBER_VOID = `${DELIVERY_NUMBER_PERMISSION}:void`;

/** The longest reason a void takes. */
export const VOID_REASON_MAX = 200;

export const { listPath: DELIVERY_NUMBER_LIST_PATH, exportPath: DELIVERY_NUMBER_EXPORT_PATH } = resource<DeliveryNumberRecord, never>('/logistics/deliveryNumber');

/** Whether a number is void (it cannot be voided again). */
export const isVoided = (row: Pick<DeliveryNumberRecord, 'voidTime'>) => Boolean(row.voidTime);

/**
 * Voids numbers, all or none (`POST /logistics/deliveryNumber/void`); a refusal (a number void
 * already, its order not cancelled or dispatched, the carrier saying no) is shown as a notice.
 */
export const voidNumbers = (ids: string[], reason: string) => api.post<Voided>('/logistics/deliveryNumber/void', { ids, reason } satisfies VoidForm);
