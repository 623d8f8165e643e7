/**
 * Warehouse intake (server `inbound`): a parcel scanned and weighed is received once
 * (`POST /logistics/inbound/intake`, with an `Idempotency-Key`: the same key and body replay the
 * first answer), many at a time (`POST /logistics/inbound/intakeBatch`, at most
 * {@link MAX_BATCH_ROWS} rows, each answered on its own), and every received parcel is listed
 * by the standard resource layer (`/logistics/inbound`). The parcel that completes its order
 * settles the order's charge: its record and answer carry the held and charged amounts and
 * their difference (`adjustment`, signed decimal text).
 */
import { api } from '../../api/client';
import { resource } from '../../api/resource';
import type { components } from '../../api/schema';

export type InboundParcelRecord = components['schemas']['InboundParcelRecord'];
export type IntakeForm = components['schemas']['IntakeForm'];
export type IntakeResult = components['schemas']['IntakeResult'];
export type IntakeBatchForm = components['schemas']['IntakeBatchForm'];
export type IntakeBatchResult = components['schemas']['IntakeBatchResult'];
export type IntakeBatchRow = components['schemas']['IntakeBatchRow'];

/** The permission prefix: `:list`, `:add` (intake) and `:export`. */
export const INBOUND_PERMISSION = 'logistics:inbound';
export const INTAKE_PERMISSION = `${INBOUND_PERMISSION}:add`;
export const { listPath: INBOUND_LIST_PATH, exportPath: INBOUND_EXPORT_PATH } = resource<InboundParcelRecord, never>('/logistics/inbound');
export const INTAKE_PATH = '/logistics/inbound/intake';
export const INTAKE_BATCH_PATH = '/logistics/inbound/intakeBatch';

/** Rows one batch takes (the server refuses more). */
export const MAX_BATCH_ROWS = 200;

const keyed = (key: string) => ({ headers: { 'Idempotency-Key': key } });

/** Receives one parcel; errors (bad number, already received, order cancelled …) are shown by the caller. */
export const intake = (form: IntakeForm, key: string, timeoutMs?: number) =>
  api.post<IntakeResult>(INTAKE_PATH, form, { notify: false, timeoutMs, ...keyed(key) });

/** Receives many parcels; each row answers on its own (a refused row does not stop the others). */
export const intakeBatch = (form: IntakeBatchForm, key: string) => api.post<IntakeBatchResult>(INTAKE_BATCH_PATH, form, { notify: false, ...keyed(key) });

/** What a form's optional text becomes in the body: trimmed, `null` when empty. */
export const optional = (text: string | null | undefined): string | null => {
  const value = (text ?? '').trim();
  return value === '' ? null : value;
};

/** The body of one scan: the number and weight trimmed, empty dimensions and remark left out (`null`). */
export function intakeForm(fields: { number: string; weight: string; length?: string; width?: string; height?: string; remark?: string }): IntakeForm {
  return {
    number: fields.number.trim(),
    weight: fields.weight.trim(),
    length: optional(fields.length),
    width: optional(fields.width),
    height: optional(fields.height),
    remark: optional(fields.remark),
  };
}

/** How a settled charge moved: more was charged than held, some was refunded, or nothing changed. */
export type AdjustmentKind = 'charged' | 'refunded' | 'none';

/** The kind of a signed decimal adjustment ("12.50", "-3.20", "0.00") and its size without the sign. */
export function adjustmentOf(adjustment: string): { kind: AdjustmentKind; amount: string } {
  const text = adjustment.trim();
  const amount = text.replace(/^[+-]/, '');
  const value = Number(text);
  if (!Number.isFinite(value) || value === 0) return { kind: 'none', amount };
  return { kind: value > 0 ? 'charged' : 'refunded', amount };
}
