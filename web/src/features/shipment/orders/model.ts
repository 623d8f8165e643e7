/**
 * The order form's values (text as typed), the body add and edit send, core's issues as the
 * form's errors (the same rules and messages the server answers with), and the forecast input of
 * the live quote (the same numbers the server quotes at submission).
 */
import type { FieldErrors, Resolver } from 'react-hook-form';
import { shipmentIssues, type ForecastShipment } from '../../../core';
import type { Language } from '../../../i18n';
import type { ShipmentDetail, ShipmentForm } from './api';

export const SHIPMENT_TYPES = ['B2B', 'B2C', 'FBA', 'WMS'] as const;
export type ShipmentType = (typeof SHIPMENT_TYPES)[number];

export const CONSIGNEE_FIELDS = ['name', 'company', 'phone', 'email', 'country', 'state', 'city', 'postalCode', 'street', 'house', 'address1', 'address2', 'taxNumber', 'consigneeRemark'] as const;
export type ConsigneeField = (typeof CONSIGNEE_FIELDS)[number];

/** The goods' fields the form shows in its rows (the others are kept as they were). */
export const PRODUCT_FIELDS = ['sku', 'frName', 'lcName', 'frHscode', 'quantity', 'unitPrice', 'unitWeight'] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];

export type ProductValues = Record<ProductField, string> & Record<string, string>;

export interface ParcelValues {
  reference: string;
  fbaCode: string;
  length: string;
  width: string;
  height: string;
  weight: string;
  remark: string;
  products: ProductValues[];
}

export interface OrderValues {
  /** Staff: the customer a new order is for. */
  customerId: string;
  customerCode: string;
  channelProductId: string;
  shipperId: string;
  userDepotId: string;
  fbaCode: string;
  poCode: string;
  currency: string;
  remark: string;
  consignee: Record<ConsigneeField, string>;
  parcels: ParcelValues[];
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

export const emptyProduct = (): ProductValues => ({ sku: '', frName: '', lcName: '', frHscode: '', quantity: '1', unitPrice: '', unitWeight: '' });

export const emptyParcel = (): ParcelValues => ({ reference: '', fbaCode: '', length: '', width: '', height: '', weight: '', remark: '', products: [emptyProduct()] });

export function emptyOrder(): OrderValues {
  const consignee = Object.fromEntries(CONSIGNEE_FIELDS.map((f) => [f, ''])) as Record<ConsigneeField, string>;
  return { customerId: '', customerCode: '', channelProductId: '', shipperId: '', userDepotId: '', fbaCode: '', poCode: '', currency: 'USD', remark: '', consignee, parcels: [emptyParcel()] };
}

/** The values of a stored order (to edit it). */
export function valuesOf(d: ShipmentDetail): OrderValues {
  const consignee = {
    name: text(d.consigneeName),
    company: text(d.consigneeCompany),
    phone: text(d.consigneePhone),
    email: text(d.consigneeEmail),
    country: text(d.consigneeCountry),
    state: text(d.consigneeState),
    city: text(d.consigneeCity),
    postalCode: text(d.consigneePostalCode),
    street: text(d.consigneeStreet),
    house: text(d.consigneeHouse),
    address1: text(d.consigneeAddress1),
    address2: text(d.consigneeAddress2),
    taxNumber: text(d.consigneeTaxNumber),
    consigneeRemark: text(d.consigneeRemark),
  };
  return {
    customerId: d.customerId,
    customerCode: text(d.customerCode),
    channelProductId: text(d.channelProductId),
    shipperId: text(d.shipperId),
    userDepotId: text(d.userDepotId),
    fbaCode: text(d.fbaCode),
    poCode: text(d.poCode),
    currency: d.currency,
    remark: text(d.remark),
    consignee,
    parcels: d.parcels.map((p) => ({
      reference: text(p.reference),
      fbaCode: text(p.fbaCode),
      length: p.length,
      width: p.width,
      height: p.height,
      weight: p.weight,
      remark: text(p.remark),
      products: p.products.map((g) => {
        const { id: _id, parcelId: _parcel, parcelReference: _reference, ...rest } = g;
        return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, text(v)])) as ProductValues;
      }),
    })),
  };
}

/** Blank as absent, the rest trimmed. */
const opt = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

function compact(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).flatMap(([k, v]) => (opt(v) === undefined ? [] : [[k, opt(v) as string]])));
}

/** What add and edit send. */
export function bodyOf(values: OrderValues, type: ShipmentType, id?: string, customerId?: string): ShipmentForm {
  return {
    id,
    customerId,
    shipmentType: type,
    customerCode: opt(values.customerCode),
    channelProductId: opt(values.channelProductId),
    shipperId: opt(values.shipperId),
    userDepotId: opt(values.userDepotId),
    fbaCode: opt(values.fbaCode)?.toUpperCase(),
    poCode: opt(values.poCode)?.toUpperCase(),
    currency: opt(values.currency),
    remark: opt(values.remark),
    consignee: compact(values.consignee),
    parcels: values.parcels.map((p) => ({
      ...compact({ reference: p.reference, fbaCode: p.fbaCode.toUpperCase(), length: p.length, width: p.width, height: p.height, weight: p.weight, remark: p.remark }),
      products: p.products.map((g) => compact(g)),
    })),
  } as ShipmentForm;
}

/** `parcels[0].products[1].frHscode` → `parcels.0.products.1.frHscode` (react-hook-form's paths). */
export const formPath = (path: string) => path.replace(/\[(\d+)\]/g, '.$1');

function setAt(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = formPath(path).split('.');
  let node = target;
  keys.slice(0, -1).forEach((key) => {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  });
  node[keys[keys.length - 1] ?? ''] ??= value;
}

/** Core's issues of a form at a stage, as react-hook-form errors (the first per field). */
export function issuesAsErrors(values: OrderValues, type: ShipmentType, stage: 'draft' | 'submit', postalPattern: string, lang: Language): FieldErrors<OrderValues> {
  const errors: Record<string, unknown> = {};
  for (const issue of shipmentIssues(bodyOf(values, type), stage, postalPattern, lang)) {
    setAt(errors, issue.field || 'root', { type: issue.key, message: issue.message });
  }
  return errors as FieldErrors<OrderValues>;
}

/** A resolver running core's draft rules as the user types. */
export function coreResolver(type: ShipmentType, postalPattern: (country: string) => string, lang: () => Language): Resolver<OrderValues> {
  return (values) => {
    const errors = issuesAsErrors(values, type, 'draft', postalPattern(values.consignee.country), lang());
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

/** Minor units of a decimal text (two places), or undefined. */
function cents(value: string): number | undefined {
  const match = /^\s*(\d+)(?:\.(\d{1,2}))?\s*$/.exec(value);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : undefined;
}

/** Σ unit value × quantity, as the server stores it (two places). */
export function declaredValue(values: OrderValues): string {
  let total = 0;
  for (const parcel of values.parcels) {
    for (const g of parcel.products) {
      const price = cents(g.unitPrice);
      const quantity = Number(g.quantity);
      if (price !== undefined && Number.isInteger(quantity)) total += price * quantity;
    }
  }
  return `${Math.floor(total / 100)}.${String(total % 100).padStart(2, '0')}`;
}

/** The live quote's input: what the server quotes at submission. */
export function forecastInput(values: OrderValues, type: ShipmentType): ForecastShipment | undefined {
  const country = values.consignee.country.trim();
  const parcels = values.parcels.filter((p) => [p.length, p.width, p.height, p.weight].every((v) => v.trim() !== ''));
  if (!country || parcels.length === 0 || parcels.length !== values.parcels.length) return undefined;
  return {
    countryCode: country,
    postalCode: values.consignee.postalCode.trim(),
    tradeType: type,
    parcels: parcels.map((p) => ({ length: p.length.trim(), width: p.width.trim(), height: p.height.trim(), weight: p.weight.trim(), quantity: 1 })),
    declaredValue: declaredValue(values),
  };
}
