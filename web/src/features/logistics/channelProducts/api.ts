/**
 * The customer's usable channel products (contract "Channel products" → `myList`): enabled
 * products the caller's account has a price level for (staff see every enabled product), with
 * their validity and postal rules; never prices or markups.
 */

export const MY_PRODUCTS_PATH = '/logistics/channelProduct/myList';

/** Trade types a product may be limited to (`''` = any). */
export const TRADE_TYPES = ['B2B', 'B2C', 'FBA', 'WMS'] as const;

/** What a validity rule limits. */
export const VALID_TYPES = ['weight', 'longestSide', 'girth', 'declaredValue', 'pieces'] as const;
export type ValidType = (typeof VALID_TYPES)[number];

export interface ValidityRule {
  validType: string;
  /** Decimal strings or null (at least one of them). */
  min: string | number | null;
  max: string | number | null;
}

export interface PostalRule {
  /** ISO 3166 alpha-2. */
  country: string;
  /** A postal code, or a prefix ending in `*`. */
  postalCode: string;
  /** true: the country's codes must match one allow row; false: a matching code is refused. */
  allow: boolean;
  remark?: string | null;
}

export interface MyProductRecord {
  id: string;
  code: string;
  name: string;
  title?: string | null;
  /** "B2B" | "B2C" | "FBA" | "WMS" | "" (any). */
  tradeType?: string | null;
  transType?: string | null;
  /** Volumetric divisor, cm³ per kg; 0 = actual weight only. */
  thWeightRatio: number | string;
  /** Takes several parcels per shipment. */
  izMult: boolean;
  /** The currency of the rate card that prices it. */
  currency?: string | null;
  rules?: ValidityRule[] | null;
  postalRules?: PostalRule[] | null;
}
