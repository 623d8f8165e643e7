/**
 * Dispatch (`/logistics/dispatch/*`, staff only): orders or whole outbound batches handed to a
 * carrier at a pickup from one of the forwarder's depots on a business day. Orders go in by a
 * number scanned or pasted (serial number, tracking number or system tracking number) or by
 * outbound batch (`addShipments`, all or none: the first refusal names its order, e.g. "Order X
 * is already in dispatch DP…"); the pickup is booked (`requestPickup`: a carrier with an adapter
 * books it itself and answers its confirmation, one without takes the number typed), confirmed
 * when collected (`pickedUp`), or the dispatch is cancelled (its orders are free again). What a
 * status allows is core's `dispatch` rule, read through WASM (`dispatchActions`).
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../api/client';
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';
import { isOneOf } from '../../../components/form/options';
import { dispatchActions, type ButtonState, type DispatchAction } from '../../../core';
import { useButtonState } from '../../../hooks/useButtonState';
import { OUT_BATCH_LIST_PATH, type OutBatchRecord } from '../../warehouse/outboundApi';
import { useChannelOptions } from '../channels/api';

export type DispatchRecord = components['schemas']['DispatchRecord'];
export type DispatchInput = components['schemas']['DispatchForm'];
export type DispatchItem = components['schemas']['DispatchItem'];
type AddShipmentsForm = components['schemas']['AddShipmentsForm'];
type RemoveShipmentForm = components['schemas']['RemoveShipmentForm'];
type PickupForm = components['schemas']['PickupForm'];
type DispatchIdForm = components['schemas']['DispatchIdForm'];

/**
 * Permission codes: `:list`, `:add` (create and edit a dispatch, add and remove its orders),
 * `:pickup` (request and confirm the pickup), `:cancel` and `:export`.
 */
export const DISPATCH_PERMISSION = 'logistics:dispatch';
export const DISPATCH_ADD_PERMISSION = `${DISPATCH_PERMISSION}:add`;
export const DISPATCH_PICKUP_PERMISSION = `${DISPATCH_PERMISSION}:pickup`;
export const DISPATCH_CANCEL_PERMISSION = `${DISPATCH_PERMISSION}:cancel`;
export const DISPATCH_EXPORT_PERMISSION = `${DISPATCH_PERMISSION}:export`;

/** A dispatch's statuses, in order (core's `dispatch::STATUSES`). */
export const DISPATCH_STATUSES = ['created', 'requested', 'picked_up', 'manifested', 'cancelled'] as const;
export type DispatchStatus = (typeof DISPATCH_STATUSES)[number];
export const isDispatchStatus = (value: string | null | undefined): value is DispatchStatus => isOneOf(DISPATCH_STATUSES, value);

/** Numbers one `addShipments` call may carry (core's `dispatch::MAX_ADD`). */
export const MAX_NUMBERS = 1000;

const BASE = '/logistics/dispatch';

export const { listPath: DISPATCH_LIST_PATH, exportPath: DISPATCH_EXPORT_PATH, add: addDispatch, edit: editDispatch } = resource<DispatchRecord, DispatchInput>(BASE);

export const dispatchKeys = { items: (id: string) => ['carrier', 'dispatch', 'items', id] as const };

/** One dispatch as it is now (after its day was closed elsewhere, say). */
export const getDispatch = (id: string) => api.get<DispatchRecord>(`${BASE}/queryById`, { id }, { notify: false });

/** Puts orders into a dispatch (by number, by outbound batch); answers the dispatch with its new totals. Refusals are shown by the caller. */
export const addShipments = (id: string, orders: Omit<AddShipmentsForm, 'id'>) => api.post<DispatchRecord>(`${BASE}/addShipments`, { id, ...orders } satisfies AddShipmentsForm, { notify: false });

/** Takes an order out of a dispatch; answers the dispatch. */
export const removeShipment = (id: string, shipmentId: string) => api.post<DispatchRecord>(`${BASE}/removeShipment`, { id, shipmentId } satisfies RemoveShipmentForm, { notify: false });

/** Books the pickup: through the carrier's adapter, or by hand with the carrier's confirmation number. */
export const requestPickup = (id: string, pickupRef: string | null) => api.post<DispatchRecord>(`${BASE}/requestPickup`, { id, pickupRef } satisfies PickupForm, { notify: false });

/** The carrier has collected the dispatch. */
export const confirmPickedUp = (id: string) => api.post<DispatchRecord>(`${BASE}/pickedUp`, { id } satisfies DispatchIdForm, { notify: false });

/** Cancels a dispatch: its orders are free for another one. */
export const cancelDispatch = (id: string) => api.post<DispatchRecord>(`${BASE}/cancel`, { id } satisfies DispatchIdForm, { notify: false });

export function fetchDispatchItems(id: string, signal?: AbortSignal): Promise<DispatchItem[]> {
  return api.get<DispatchItem[]>(`${BASE}/items`, { id }, { signal }).then((envelope) => envelope.result ?? []);
}

/** The orders of a dispatch. */
export const useDispatchItems = (id: string) => useQuery({ queryKey: dispatchKeys.items(id), queryFn: ({ signal }) => fetchDispatchItems(id, signal) });

/**
 * The numbers of a text pasted or scanned (one per line, or between spaces, commas or
 * semicolons): trimmed, upper-cased as the numbers are printed, each once, in their order.
 */
export function splitNumbers(text: string): string[] {
  const numbers = text
    .split(/[\s,;，；、]+/)
    .map((part) => part.trim().toUpperCase())
    .filter(Boolean);
  return [...new Set(numbers)];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Today in the browser, `YYYY-MM-DD` (a form's default day). */
export function localToday(date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The button code each action needs besides what core allows (the server's own mapping). */
export const ACTION_PERMISSIONS: Record<DispatchAction, string> = {
  edit: DISPATCH_ADD_PERMISSION,
  request: DISPATCH_PICKUP_PERMISSION,
  pickedUp: DISPATCH_PICKUP_PERMISSION,
  cancel: DISPATCH_CANCEL_PERMISSION,
  manifest: 'logistics:manifest:close',
};

/** The actions a dispatch in `status` allows the signed-in user, each with its button state (hidden ones left out). */
export function useDispatchActions(status: string): { action: DispatchAction; state: ButtonState }[] {
  const states: Record<string, ButtonState> = {
    [DISPATCH_ADD_PERMISSION]: useButtonState(DISPATCH_ADD_PERMISSION),
    [DISPATCH_PICKUP_PERMISSION]: useButtonState(DISPATCH_PICKUP_PERMISSION),
    [DISPATCH_CANCEL_PERMISSION]: useButtonState(DISPATCH_CANCEL_PERMISSION),
    [ACTION_PERMISSIONS.manifest]: useButtonState(ACTION_PERMISSIONS.manifest),
  };
  return dispatchActions(status)
    .map((action) => ({ action, state: states[ACTION_PERMISSIONS[action]] ?? 'hidden' }))
    .filter((entry) => entry.state !== 'hidden');
}

/** The outbound batches offered to a dispatch: the newest, with packages. */
const BATCH_CHOICES = 100;

async function fetchOutBatches(signal: AbortSignal): Promise<OutBatchRecord[]> {
  const envelope = await api.get<{ records?: OutBatchRecord[] } | null>(OUT_BATCH_LIST_PATH, { pageNo: 1, pageSize: BATCH_CHOICES, column: 'createTime', order: 'desc' }, { signal, notify: false });
  return envelope.result?.records ?? [];
}

/**
 * The outbound batches (open or handed over, with packages) whose orders may go with the
 * carrier `supplierId`: a batch of one of its channels, of no channel or of a channel not listed
 * (the server refuses an order of another carrier's, naming it).
 */
export function useOutBatchChoices(supplierId: string, enabled = true) {
  const batches = useQuery({ queryKey: ['carrier', 'dispatch', 'outBatches'], queryFn: ({ signal }) => fetchOutBatches(signal), enabled, staleTime: 30_000, retry: false });
  const channels = useChannelOptions(enabled);
  const choices = useMemo(() => {
    const carriers = new Map((channels.data ?? []).map((channel) => [channel.id, channel.supplierId]));
    const fits = (channelId: string | null | undefined) => {
      const carrier = channelId ? carriers.get(channelId) : undefined;
      return carrier === undefined || carrier === supplierId;
    };
    return (batches.data ?? []).filter((batch) => batch.packages > 0 && fits(batch.channelId));
  }, [batches.data, channels.data, supplierId]);
  return { choices, loading: batches.isPending || channels.isPending };
}
