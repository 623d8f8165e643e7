/**
 * Warehouse management (WMS, docs/api/wms.md): storage locations (`/wms/location`, staff), the
 * customers' SKUs (`/wms/sku`), stock per SKU and location (`/wms/stock`) and its append-only log
 * (`/wms/stockLog`), moved by staff through `/wms/stock/move` (in, out, move, adjust) and proved by
 * `/wms/stock/reconcile`; inbound forecasts (`/wms/forecast`) announced by customers and received
 * by staff; WMS orders' pick lists (`/wms/pick`, reserved when the order is submitted) picked by
 * staff (`/wms/pick/confirm`); fee rates (`/wms/feeRate`) and the fees the daily job charges
 * (`/wms/userFee`, `/wms/userFee/run` for a past day). Every form is checked in the browser by
 * core (`wmsIssues`, through WASM), as the server checks it.
 */
import { api } from '../../api/client';
import { resource } from '../../api/resource';
import type { RemoteOption } from '../../components/form/RemoteSelect';
import { fetchListPage } from '../../hooks/useServerList';
import type { components } from '../../api/schema';
import { wmsIssues, type FieldError, type WmsKind } from '../../core';
import { currentLanguage } from '../../i18n';

export type WmsLocationRecord = components['schemas']['WmsLocationRecord'];
export type WmsLocationForm = components['schemas']['WmsLocationForm'];
export type WmsSkuRecord = components['schemas']['WmsSkuRecord'];
export type WmsSkuForm = components['schemas']['WmsSkuForm'];
export type WmsStockRecord = components['schemas']['WmsStockRecord'];
export type WmsStockLogRecord = components['schemas']['WmsStockLogRecord'];
export type WmsMoveForm = components['schemas']['WmsMoveForm'];
export type WmsMoved = components['schemas']['WmsMoved'];
export type WmsReconciliation = components['schemas']['WmsReconciliation'];
export type WmsForecastRecord = components['schemas']['WmsForecastRecord'];
export type WmsForecastDetail = components['schemas']['WmsForecastDetail'];
export type WmsForecastLineDetail = components['schemas']['WmsForecastLineDetail'];
export type WmsForecastForm = components['schemas']['WmsForecastForm'];
export type WmsReceiveForm = components['schemas']['WmsReceiveForm'];
export type WmsPickRecord = components['schemas']['WmsPickRecord'];
export type WmsPickOrder = components['schemas']['WmsPickOrder'];
export type WmsPickForm = components['schemas']['WmsPickForm'];
export type WmsFeeRateRecord = components['schemas']['WmsFeeRateRecord'];
export type WmsFeeRateForm = components['schemas']['WmsFeeRateForm'];
export type WmsUserFeeRecord = components['schemas']['WmsUserFeeRecord'];
export type WmsFeeRun = components['schemas']['WmsFeeRun'];

/** What a location is for (core's `wms::LOCATION_TYPES`); orders take from pick, storage, bulk. */
export const LOCATION_TYPES = ['receiving', 'storage', 'pick', 'bulk', 'returns', 'quarantine'] as const;
/** The stock log's kinds. */
export const MOVE_KINDS = ['in', 'out', 'move', 'adjust'] as const;
export type MoveKind = (typeof MOVE_KINDS)[number];
/** Why stock is adjusted (`other` needs a remark). */
export const ADJUST_REASONS = ['count', 'damaged', 'lost', 'found', 'other'] as const;
/** An inbound forecast's statuses. */
export const FORECAST_STATUSES = ['pending', 'receiving', 'received', 'cancelled'] as const;
/** A pick line's statuses (core's `wms::PICK_STATUSES`). */
export const PICK_STATUSES = ['allocated', 'picked', 'released'] as const;
/** What the daily job charges (core's `wms::FEE_TYPES`). */
export const FEE_TYPES = ['storage', 'inbound', 'outbound'] as const;
/** A fee is due until the wallet pays it. */
export const FEE_STATUSES = ['due', 'charged'] as const;

/** Permission codes (the web checks button codes only; the server checks its own). */
export const LOCATION_PERMISSION = 'wms:location';
export const SKU_PERMISSION = 'wms:sku';
export const STOCK_PERMISSION = 'wms:stock';
export const STOCK_LOG_PERMISSION = 'wms:stockLog';
export const FORECAST_PERMISSION = 'wms:forecast';
/** Staff: move stock by hand (in, out, between locations, adjust). */
export const MOVE_PERMISSION = 'wms:stock:move';
/** Staff: receive goods against a forecast, close one received short. */
export const RECEIVE_PERMISSION = 'wms:forecast:receive';
export const FORECAST_ADD_PERMISSION = 'wms:forecast:add';
export const FORECAST_EDIT_PERMISSION = 'wms:forecast:edit';
export const PICK_PERMISSION = 'wms:pick';
/** Staff: take picked lines off the shelf. */
export const PICK_CONFIRM_PERMISSION = 'wms:pick:confirm';
export const FEE_RATE_PERMISSION = 'wms:feeRate';
export const USER_FEE_PERMISSION = 'wms:userFee';
/** Staff: charge a past day's fees now. */
export const FEE_RUN_PERMISSION = 'wms:userFee:run';

export const {
  listPath: LOCATION_LIST_PATH,
  exportPath: LOCATION_EXPORT_PATH,
  add: addLocation,
  edit: editLocation,
  removeAny: deleteLocations,
} = resource<WmsLocationRecord, WmsLocationForm>('/wms/location');
export const { listPath: SKU_LIST_PATH, exportPath: SKU_EXPORT_PATH, add: addSku, edit: editSku, removeAny: deleteSkus } = resource<WmsSkuRecord, WmsSkuForm>('/wms/sku');
export const { listPath: STOCK_LIST_PATH, exportPath: STOCK_EXPORT_PATH } = resource<WmsStockRecord, never>('/wms/stock');
export const { listPath: STOCK_LOG_LIST_PATH, exportPath: STOCK_LOG_EXPORT_PATH } = resource<WmsStockLogRecord, never>('/wms/stockLog');
export const { listPath: FORECAST_LIST_PATH, exportPath: FORECAST_EXPORT_PATH } = resource<WmsForecastRecord, never>('/wms/forecast');
export const { listPath: PICK_LIST_PATH, exportPath: PICK_EXPORT_PATH } = resource<WmsPickRecord, never>('/wms/pick');
export const {
  listPath: FEE_RATE_LIST_PATH,
  exportPath: FEE_RATE_EXPORT_PATH,
  add: addFeeRate,
  edit: editFeeRate,
  removeAny: deleteFeeRates,
} = resource<WmsFeeRateRecord, WmsFeeRateForm>('/wms/feeRate');
export const { listPath: USER_FEE_LIST_PATH, exportPath: USER_FEE_EXPORT_PATH } = resource<WmsUserFeeRecord, never>('/wms/userFee');

/** Moves stock; answers the rows it touched as they are after it. Refusals show in the form. */
export const moveStock = (form: WmsMoveForm) => api.post<WmsMoved>('/wms/stock/move', form, { notify: false });
/** Whether the log sums to the stock (staff). */
export const reconcileStock = () => api.get<WmsReconciliation>('/wms/stock/reconcile');

export const forecastDetail = (id: string) => api.get<WmsForecastDetail>('/wms/forecast/queryById', { id });
export const addForecast = (form: WmsForecastForm) => api.post<WmsForecastDetail>('/wms/forecast/add', form, { notify: false });
export const editForecast = (form: WmsForecastForm & { id: string }) => api.post<WmsForecastDetail>('/wms/forecast/edit', form, { notify: false });
export const cancelForecast = (id: string) => api.post<WmsForecastDetail>('/wms/forecast/cancel', { id });
export const closeForecast = (id: string) => api.post<WmsForecastDetail>('/wms/forecast/close', { id });
export const receiveForecast = (form: WmsReceiveForm) => api.post<WmsForecastDetail>('/wms/forecast/receive', form, { notify: false });

/** A WMS order's pick list by its scanned number (its order number or system tracking number). */
export const pickOrder = (number: string) => api.get<WmsPickOrder>('/wms/pick/queryByNumber', { number }, { notify: false });
/** Takes lines of an order (all still open when `ids` is empty) off the shelf. */
export const confirmPick = (form: WmsPickForm, notify = true) => api.post<WmsPickOrder>('/wms/pick/confirm', form, { notify });
/** Assesses and charges a past business day's fees (YYYY-MM-DD). */
export const runFees = (feeDate: string) => api.post<WmsFeeRun>('/wms/userFee/run', { feeDate }, { notify: false });

/** The first problem core finds in `form` of `kind`, in the UI's language. */
export function wmsIssue(form: unknown, kind: WmsKind): FieldError | undefined {
  return wmsIssues(form, kind, currentLanguage())[0];
}

/**
 * A react-hook-form `validate` of `field`: core's message when the form's first problem (of the
 * body `body` makes of the values) is that field's.
 */
export const wmsFieldRule =
  <V>(kind: WmsKind, field: string, body: (values: V) => unknown) =>
  (_value: unknown, values: V): true | string => {
    const issue = wmsIssue(body(values), kind);
    return issue?.field === field ? issue.message : true;
  };

/** Blank as null, the rest trimmed. */
export const orNull = (text: string | null | undefined): string | null => {
  const value = (text ?? '').trim();
  return value === '' ? null : value;
};

/** SKUs matching a keyword (code or barcode, the first 20), as picker options. */
export function searchSkus(keyWord: string, signal: AbortSignal): Promise<RemoteOption[]> {
  return fetchListPage<WmsSkuRecord>(SKU_LIST_PATH, { keyWord, pageNo: 1, pageSize: 20, column: 'skuCode', order: 'asc' }, signal).then((page) =>
    page.records.map((sku) => ({ value: sku.id, label: `${sku.skuCode} · ${currentLanguage() === 'zh-CN' ? sku.nameZh : sku.nameEn}`, hint: sku.barcode ?? undefined })),
  );
}

/** Locations matching a keyword (their code, the first 20), as picker options. */
export function searchLocations(keyWord: string, signal: AbortSignal): Promise<RemoteOption[]> {
  return fetchListPage<WmsLocationRecord>(LOCATION_LIST_PATH, { keyWord, pageNo: 1, pageSize: 20, column: 'code', order: 'asc' }, signal).then((page) =>
    page.records.map((location) => ({ value: location.id, label: location.code, hint: `${location.locationType} · ${location.held}/${location.capacity}` })),
  );
}
