/**
 * The product catalogue (`logistics:parcelProduct:*`): a customer's goods as it declares them
 * (SKU, descriptions in both languages, HS codes, unit value and weight), checked by core's rules
 * for a declared item (`catalogueIssues`, through WASM, as the server checks them). The SKU is
 * unique per customer.
 */
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';
import { catalogueIssues } from '../../../core';
import { currentLanguage } from '../../../i18n';

export type ParcelProductRecord = components['schemas']['ParcelProductRecord'];
/** What add and edit send: the form without the order item's quantity (a catalogue has none). */
export type ParcelProductInput = Omit<components['schemas']['ParcelProductForm'], 'quantity'>;

export const PRODUCT_PERMISSION = 'logistics:parcelProduct';

export const { listPath: PRODUCT_LIST_PATH, exportPath: PRODUCT_EXPORT_PATH, add: addProduct, edit: editProduct, removeAny: deleteProducts } = resource<ParcelProductRecord, ParcelProductInput>('/logistics/parcelProduct');

/** The product's texts the form edits, in the order the server names them. */
export const PRODUCT_TEXTS = [
  'sku',
  'frName',
  'lcName',
  'frHscode',
  'lcHscode',
  'unitPrice',
  'unitWeight',
  'unit',
  'frMeterial',
  'lcMeterial',
  'frUsage',
  'lcUsage',
  'frBrand',
  'lcBrand',
  'frModel',
  'lcModel',
  'shopUrl',
  'photoUrl',
  'remark',
] as const;
export type ProductText = (typeof PRODUCT_TEXTS)[number];

/** The form's values: every text as typed, and (staff, adding) the customer. */
export type ProductValues = Record<ProductText | 'customerId', string>;

/** Blank as null, the rest trimmed. */
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The body add and edit send (and core checks): texts trimmed, blanks as null. */
export function productBody(values: ProductValues): ParcelProductInput {
  const texts = Object.fromEntries(PRODUCT_TEXTS.map((key) => [key, orNull(values[key])])) as Record<ProductText, string | null>;
  return { ...texts, customerId: orNull(values.customerId) };
}

/** Core's message for `field` of the product as typed (the server's rule and words), if it has one. */
export function productIssue(values: ProductValues, field: ProductText): string | undefined {
  return catalogueIssues(productBody(values), currentLanguage()).find((issue) => issue.field === field)?.message;
}
