/**
 * Tracking (docs/api/tracking.md): the public query (`GET /track/query`, no sign-in, nothing
 * personal), the signed-in search (`GET /logistics/track/search`), the events of every source
 * (`/logistics/trackEvent`, with staff's CSV/xlsx upload), the tenant's status mappings
 * (`/logistics/trackMapping`), a supplier's webhook endpoint and secret, the out-track search
 * (`GET /logistics/track/outSearch`) and the couriers it recognises (`/logistics/courier`).
 */
import { api } from '../../api/client';
import { resource } from '../../api/resource';
import type { components } from '../../api/schema';
import { TRACKING_STATUSES, type TrackingStatus } from '../../core';

export type TrackAnswer = components['schemas']['TrackAnswer'];
export type TrackResult = components['schemas']['TrackResult'];
export type TrackedOrder = components['schemas']['TrackedOrder'];
export type TrackPoint = components['schemas']['TrackPoint'];
export type TrackEventRecord = components['schemas']['TrackEventRecord'];
export type TrackMappingRecord = components['schemas']['TrackMappingRecord'];
export type TrackMappingInput = components['schemas']['TrackMappingForm'];
export type TrackUploadReport = components['schemas']['TrackUploadReport'];
export type WebhookSetup = components['schemas']['WebhookSetup'];
export type TrackSubscriptionRecord = components['schemas']['TrackSubscriptionRecord'];
export type TrackSubscriptionInput = components['schemas']['TrackSubscriptionForm'];
export type TrackDeliveryRecord = components['schemas']['TrackDeliveryRecord'];
export type OutTrackAnswer = components['schemas']['OutTrackAnswer'];
export type CourierHit = components['schemas']['CourierHit'];
export type CourierRecord = components['schemas']['CourierRecord'];
export type CourierInput = components['schemas']['CourierForm'];
/** A result of either search: the out-track search adds the couriers a number looks like. */
export type AnyTrackResult = TrackResult & { couriers?: CourierHit[] };

export { TRACKING_STATUSES, type TrackingStatus };

/** Numbers one query takes, and the public query's limit (spec section 5). */
export const MAX_NUMBERS = 100;

/** The public page's query: every tenant's orders, nothing personal. Errors show inline. */
export const publicTrack = (numbers: string[]) => api.get<TrackAnswer>('/track/query', { numbers: numbers.join(',') }, { notify: false });

/** The signed-in search: the caller's own orders (staff: the tenant's). */
export const searchTrack = (numbers: string[]) => api.get<TrackAnswer>('/logistics/track/search', { numbers: numbers.join(',') }, { notify: false });

/** The out-track search: the last-mile carriers' numbers of the caller's orders, with the couriers each looks like. */
export const outTrack = (numbers: string[]) => api.get<OutTrackAnswer>('/logistics/track/outSearch', { numbers: numbers.join(',') }, { notify: false });

export const {
  listPath: COURIER_LIST_PATH,
  exportPath: COURIER_EXPORT_PATH,
  add: addCourier,
  edit: editCourier,
  removeAny: deleteCouriers,
} = resource<CourierRecord, CourierInput>('/logistics/courier');
/** The check-digit schemes a courier's numbers may carry (core's `check_digit::Scheme`). */
export const CHECK_DIGITS = ['s10', 'ups', 'mod7'] as const;

export const { listPath: TRACK_EVENT_LIST_PATH, exportPath: TRACK_EVENT_EXPORT_PATH, removeAny: deleteTrackEvents } = resource<TrackEventRecord, never>('/logistics/trackEvent');
export const {
  listPath: TRACK_MAPPING_LIST_PATH,
  exportPath: TRACK_MAPPING_EXPORT_PATH,
  add: addTrackMapping,
  edit: editTrackMapping,
  removeAny: deleteTrackMappings,
} = resource<TrackMappingRecord, TrackMappingInput>('/logistics/trackMapping');

export const {
  listPath: TRACK_SUBSCRIPTION_LIST_PATH,
  add: addTrackSubscription,
  edit: editTrackSubscription,
  removeAny: deleteTrackSubscriptions,
} = resource<TrackSubscriptionRecord, TrackSubscriptionInput>('/logistics/trackSubscription');
export const TRACK_DELIVERY_LIST_PATH = '/logistics/trackDelivery/list';
/** Sends a logged delivery again. */
export const replayDelivery = (id: string) => api.post<TrackDeliveryRecord>(`/logistics/trackDelivery/replay?id=${encodeURIComponent(id)}`, {});

export const TRACK_UPLOAD_PERMISSION = 'logistics:trackEvent:import';
/** The upload's limits (the server's). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** Uploads a CSV or xlsx file of events; a refused file's report (bad cells) is in the error's envelope. */
export function uploadTrackEvents(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.upload<TrackUploadReport>('/logistics/trackEvent/importExcel', form, { notify: false });
}

/** Asks the tenant's carriers for their news now (what the schedule does every 15 minutes). */
export const pollTracking = () => api.post<components['schemas']['Ingested']>('/logistics/track/poll', {}, { notify: true });

/** A supplier's webhook endpoint and secret, and a new secret. */
export const webhookSetup = (supplierId: string) => api.get<WebhookSetup>('/logistics/track/webhookSecret', { supplierId }, { notify: false });
export const rotateWebhookSecret = (supplierId: string) =>
  api.post<WebhookSetup>(`/logistics/track/webhookSecret/rotate?supplierId=${encodeURIComponent(supplierId)}`, {}, { notify: false });

/** A status as core names it, or none. */
export const asStatus = (code: string | null | undefined): TrackingStatus | undefined =>
  (TRACKING_STATUSES as readonly string[]).includes(code ?? '') ? (code as TrackingStatus) : undefined;

/** The Chakra palette of a status. */
export function statusPalette(status: string): string {
  switch (status) {
    case 'delivered':
      return 'green';
    case 'exception':
    case 'failed_attempt':
      return 'red';
    case 'returning':
    case 'returned':
    case 'expired':
      return 'orange';
    case 'out_for_delivery':
    case 'available_for_pickup':
      return 'teal';
    case 'cancelled':
    case 'pending':
      return 'gray';
    default:
      return 'blue';
  }
}

/** An event's time as the place it happened saw it: `2026-11-22 15:30` and `UTC-08:00`. */
const pad = (n: number) => String(n).padStart(2, '0');

export function localTime(iso: string, offsetMinutes: number): { time: string; zone: string } {
  const at = new Date(new Date(iso).getTime() + offsetMinutes * 60_000);
  const time = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return { time, zone: `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}` };
}
