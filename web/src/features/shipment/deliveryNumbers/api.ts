/**
 * Delivery numbers (`logistics:deliveryNumber:list`): the ledger of tracking numbers issued to
 * orders and parcels (from a number segment, or by the carrier), read-only with its xlsx export.
 */
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';

export type DeliveryNumberRecord = components['schemas']['DeliveryNumberRecord'];

export const DELIVERY_NUMBER_PERMISSION = 'logistics:deliveryNumber';

export const { listPath: DELIVERY_NUMBER_LIST_PATH, exportPath: DELIVERY_NUMBER_EXPORT_PATH } = resource<DeliveryNumberRecord, never>('/logistics/deliveryNumber');
