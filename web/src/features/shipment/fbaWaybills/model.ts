/**
 * The delivery form's values (text as typed), the body `edit` sends, and core's issues of it
 * (`fbaWaybillIssues` with the order's pieces: the same rules and words the server answers with),
 * by the form's field paths (`configs.1.pieces`).
 */
import { fbaWaybillIssues, type FieldError } from '../../../core';
import type { Language } from '../../../i18n';
import { localInputToUtc, utcToLocalInput } from '../../../lib/utcTime';
import type { FbaOrderInput, FbaWaybillRecord } from './api';

export interface ConfigValues {
  fbaShipmentId: string;
  serialNumber: string;
  pieces: string;
  pallet: string;
}

export interface DeliveryValues {
  expectTime: string;
  realTime: string;
  batchNo: string;
  pod: string;
  configs: ConfigValues[];
}

export const emptyConfig = (): ConfigValues => ({ fbaShipmentId: '', serialNumber: '', pieces: '', pallet: '' });

/** The form of an order as recorded so far (its times in the browser's zone). */
export function deliveryValues(record: FbaWaybillRecord): DeliveryValues {
  return {
    expectTime: utcToLocalInput(record.expectTime),
    realTime: utcToLocalInput(record.realTime),
    batchNo: record.batchNo ?? '',
    pod: record.pod ?? '',
    configs: record.configs.map((c) => ({ fbaShipmentId: c.fbaShipmentId, serialNumber: c.serialNumber ?? '', pieces: String(c.pieces), pallet: String(c.pallet) })),
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
const wholeOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** The Amazon shipment IDs as core checks them: text as typed (trimmed), blanks as null. */
const configTexts = (values: DeliveryValues) =>
  values.configs.map((c) => ({ fbaShipmentId: orNull(c.fbaShipmentId.toUpperCase()), serialNumber: orNull(c.serialNumber), pieces: orNull(c.pieces), pallet: orNull(c.pallet) }));

/** What `PUT /logistics/fbaOrder/edit` sends: times as ISO UTC, pieces and pallets as numbers. */
export function deliveryBody(values: DeliveryValues, shipmentId: string): FbaOrderInput {
  return {
    shipmentId,
    expectTime: localInputToUtc(values.expectTime),
    realTime: localInputToUtc(values.realTime),
    batchNo: orNull(values.batchNo),
    pod: orNull(values.pod),
    configs: values.configs.map((c) => ({ fbaShipmentId: orNull(c.fbaShipmentId.toUpperCase()), serialNumber: orNull(c.serialNumber), pieces: wholeOrNull(c.pieces), pallet: wholeOrNull(c.pallet) })),
  };
}

/** Core's problems of the form for an order of `shipmentPieces` pieces, by core's paths (`configs[1].pieces`, `configs`). */
export function deliveryIssues(values: DeliveryValues, shipmentPieces: number, lang: Language): FieldError[] {
  return fbaWaybillIssues({ batchNo: orNull(values.batchNo), configs: configTexts(values), shipmentPieces }, lang);
}

/** `configs[1].pieces` → `configs.1.pieces` (react-hook-form's paths). */
export const formPath = (path: string) => path.replace(/\[(\d+)\]/g, '.$1');

/** The pieces of the Amazon shipment IDs together (what is typed as a whole number). */
export const piecesTotal = (configs: readonly Partial<ConfigValues>[] | undefined) =>
  (configs ?? []).reduce((total, c) => {
    const pieces = Number((c.pieces ?? '').trim());
    return Number.isInteger(pieces) && pieces > 0 ? total + pieces : total;
  }, 0);
