/**
 * Labels and printers (docs: server `printing`): a selection's labels as one PDF or ZPL file
 * (`GET /logistics/shipment/label`, at most 100 orders) or, for more, a batch task with progress
 * (`POST /logistics/shipment/printBatch`) whose file is fetched when it is done; the user's own
 * printers (`/logistics/lodopPrinter`); the print centre's templates (`/sys/printTemplate`).
 */
import { api, ApiError, contextHeaders, errorKey, errorMessage, showNotice, type Envelope } from '../../api/client';
import { resource } from '../../api/resource';
import type { components } from '../../api/schema';
import { downloadUrl, type DownloadParams } from '../../components/list/download';

export type PrinterRecord = components['schemas']['PrinterRecord'];
export type PrinterInput = components['schemas']['PrinterForm'];
export type LabelRow = components['schemas']['LabelRow'];
export type BatchReport = components['schemas']['BatchReport'];
export type PrintTemplateRecord = components['schemas']['PrintTemplateRecord'];
export type PrintTemplateInput = components['schemas']['PrintTemplateForm'];

export const LABEL_SIZES = ['100x150', '100x100', 'a4'] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];
export const LABEL_FORMATS = ['pdf', 'zpl'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];
export const DPIS = [203, 300] as const;
/** Orders one direct call labels; more go through a batch task. */
export const MAX_DIRECT = 100;
/** Orders one batch labels. */
export const MAX_BATCH = 1000;

export const PRINT_PERMISSION = 'logistics:shipment:print';

export const { listPath: PRINTER_LIST_PATH, exportPath: PRINTER_EXPORT_PATH, add: addPrinter, edit: editPrinter, removeAny: deletePrinters } = resource<PrinterRecord, PrinterInput>('/logistics/lodopPrinter');
export const { listPath: TEMPLATE_LIST_PATH, exportPath: TEMPLATE_EXPORT_PATH, add: addTemplate, edit: editTemplate, removeAny: deleteTemplates } = resource<PrintTemplateRecord, PrintTemplateInput>(
  '/sys/printTemplate',
);

/** The caller's printers (a few: one page). */
export const listPrinters = () => api.get<{ records: PrinterRecord[] }>(PRINTER_LIST_PATH, { pageSize: 100 }, { notify: false });

/** How labels are made. */
export interface LabelOptions {
  size: LabelSize;
  format: LabelFormat;
  dpi: number;
}

/** A file the server made, or its refusal as an {@link ApiError}. */
export async function fetchFile(path: string, params: DownloadParams, init: RequestInit = {}): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(downloadUrl(path, params), { headers: contextHeaders(), credentials: 'same-origin', ...init });
  } catch {
    throw new ApiError(0, errorMessage(0, undefined));
  }
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    const envelope = (await response.json().catch(() => undefined)) as Envelope<unknown> | undefined;
    const status = response.ok ? (envelope?.code ?? 500) : response.status;
    throw new ApiError(status, errorMessage(status, envelope?.message, errorKey(envelope)), envelope);
  }
  return response.blob();
}

/** The labels of up to {@link MAX_DIRECT} orders (the orders become printed, or error with the reason). */
export const labels = (ids: string[], options: LabelOptions) => fetchFile('/logistics/shipment/label', { ids: ids.join(','), ...options });

/** Starts a batch of up to {@link MAX_BATCH} orders: its task. */
export const startBatch = (ids: string[], options: LabelOptions) =>
  api.post<{ taskId: string; total: number }>('/logistics/shipment/printBatch', { ids: ids.join(','), ...options }, { notify: false });

/** A finished batch's file. */
export const batchFile = (taskId: string) => fetchFile('/logistics/shipment/printBatch/file', { taskId });

/** Core's default template of a size (where a new one starts). */
export const defaultTemplate = (labelSize: string) => api.get<TemplateContent>('/sys/printTemplate/default', { labelSize }, { notify: false });

/** Opens a file of the server (a labels PDF) in a new tab, where the browser's viewer prints it; a refusal shows as a notice. */
export async function openFile(path: string, params: DownloadParams) {
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await fetchFile(path, params));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (failure) {
    tab?.close();
    showNotice(failure instanceof Error ? failure.message : String(failure));
  }
}

/** The template drawn with sample values, as the real PDF. */
export async function previewTemplate(labelSize: string, content: TemplateContent): Promise<Blob> {
  const headers = { ...contextHeaders(), 'Content-Type': 'application/json' };
  return fetchFile('/sys/printTemplate/preview', {}, { method: 'POST', headers, body: JSON.stringify({ labelSize, content }) });
}

/** Core's template JSON (millimetres). */
export interface TemplateElement {
  kind: 'text' | 'barcode' | 'qr' | 'line' | 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
  content: string;
  fontSize: number;
  bold: boolean;
  align: 'left' | 'center' | 'right';
  thickness: number;
  inverse: boolean;
}
export interface TemplateContent {
  size: string;
  elements: TemplateElement[];
}

export type CarrierLabelRecord = components['schemas']['CarrierLabelRecord'];
export type CarrierLabelUploaded = components['schemas']['CarrierLabelUploaded'];

export const CARRIER_LABEL_LIST_PATH = '/logistics/carrierLabel/list';
export const CARRIER_LABEL_EXPORT_PATH = '/logistics/carrierLabel/exportXls';
export const CARRIER_LABEL_UPLOAD_PERMISSION = 'logistics:carrierLabel:upload';
/** A carrier's label file: a PDF of at most 5 MB (core's `CARRIER_LABEL_MAX_BYTES`; the server checks the same). */
export const CARRIER_LABEL_MAX_BYTES = 5 * 1024 * 1024;
export const { removeAny: deleteCarrierLabels } = resource<CarrierLabelRecord, never>('/logistics/carrierLabel');

/** Where an order's carrier label comes from. */
export interface CarrierLabelTarget {
  shipmentId?: string;
  serialNumber?: string;
}

/** Uploads the carrier's label of an order (`POST /logistics/carrierLabel/upload`). */
export function uploadCarrierLabel(target: CarrierLabelTarget, file: File, trackNo: string) {
  const form = new FormData();
  if (target.shipmentId) form.append('shipmentId', target.shipmentId);
  if (target.serialNumber) form.append('serialNumber', target.serialNumber);
  if (trackNo.trim()) form.append('trackNo', trackNo.trim());
  form.append('file', file);
  return api.upload<CarrierLabelUploaded>('/logistics/carrierLabel/upload', form, { notify: false });
}

/** A kept carrier label's PDF. */
export const carrierLabelFile = (id: string) => fetchFile('/logistics/carrierLabel/file', { id });
