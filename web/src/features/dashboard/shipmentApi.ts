/** The shipment dashboard (`POST /sys/dashboard/shipment`): order counts by period, print status and day. */
import { api } from '../../api/client';
import type { components } from '../../api/schema';

export type ShipmentDashboard = components['schemas']['ShipmentDashboard'];
export type OrderPeriod = components['schemas']['Period'];
export type OrderDay = components['schemas']['DayCount'];

export const shipmentDashboardKey = ['dashboard', 'shipment'] as const;

export async function fetchShipmentDashboard(signal?: AbortSignal): Promise<ShipmentDashboard> {
  return (await api.post<ShipmentDashboard>('/sys/dashboard/shipment', {}, { notify: false, signal })).result;
}

/** The order pages; holding any of them shows the order figures. */
export const ORDER_PAGES = ['/shipment/b2c', '/shipment/b2b', '/shipment/fba', '/shipment/wms', '/shipment/all'];
