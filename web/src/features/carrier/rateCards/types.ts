/**
 * Rate card shapes (contract carrier-network.md, "Rate cards"). The list row is the server's
 * type; the card's contents are written from the contract until the server's schema describes
 * them (its zones, prices, surcharges and rounding steps are untyped objects there). Only types
 * are imported, so the editor's model (and its tests) stand alone.
 */
import type { components } from '../../../api/schema';

export const RATE_CARD_STATES = ['current', 'scheduled', 'superseded'] as const;
export type RateCardState = (typeof RATE_CARD_STATES)[number];

export const ROUNDING_SCOPES = ['parcel', 'ticket'] as const;
export type RoundingScope = (typeof ROUNDING_SCOPES)[number];

export const PRICE_MODES = ['fixed', 'firstAdditional', 'perKg'] as const;
export type PriceMode = (typeof PRICE_MODES)[number];

export const SURCHARGE_TYPES = ['fuel', 'perTicket', 'remoteArea', 'oversize', 'insurance'] as const;
export type SurchargeType = (typeof SURCHARGE_TYPES)[number];

/** Common ISO 4217 codes offered by the currency select (others are kept when a card has one). */
export const CURRENCIES = ['CNY', 'USD', 'EUR', 'GBP', 'HKD', 'JPY', 'AUD', 'CAD', 'SGD', 'KRW', 'CHF', 'NZD', 'MYR', 'THB', 'AED', 'MXN', 'BRL', 'INR'] as const;

/** A decimal as the server answers it (string) or a client may send it (number). */
export type Decimal = string | number;

/** A list row: `effectiveFrom` `YYYY-MM-DD`, `state` a {@link RateCardState}, `productCount` the channel products whose `feeId` is its code. */
export type RateCardRecord = components['schemas']['RateCardRecord'];

export interface WeightRoundingStep {
  upTo: Decimal;
  increment: Decimal;
}

export interface RateZone {
  code: string;
  countries: string[];
  postalPrefixes: string[];
}

/** One zone × weight bracket: `fromWeight` exclusive, `toWeight` inclusive (kg). */
export interface RatePrice {
  zone: string;
  fromWeight: Decimal;
  toWeight: Decimal;
  mode: PriceMode;
  /** fixed: the bracket's price; perKg: the price per kg. */
  price?: Decimal | null;
  firstWeight?: Decimal | null;
  firstPrice?: Decimal | null;
  stepWeight?: Decimal | null;
  stepPrice?: Decimal | null;
  /** perKg only. */
  minCharge?: Decimal | null;
}

export interface RateSurcharge {
  type: SurchargeType;
  /** fuel (of the freight) and insurance (of the declared value). */
  percent?: Decimal | null;
  /** perTicket, remoteArea, oversize (per parcel). */
  amount?: Decimal | null;
  countries?: string[] | null;
  postalCodes?: string[] | null;
  maxSide?: Decimal | null;
  maxWeight?: Decimal | null;
}

/** What add and edit take (edit with the `id`). */
export interface RateCardInput {
  id?: string;
  code: string;
  name: string;
  currency: string;
  effectiveFrom: string;
  minChargeableWeight: Decimal;
  roundingScope: RoundingScope;
  weightRounding: WeightRoundingStep[];
  /** The partition whose zones the card prices; without one, `zones` are filed as a partition. */
  partitionId?: string;
  zones: RateZone[];
  prices: RatePrice[];
  surcharges: RateSurcharge[];
}

export type RateCardDetail = RateCardRecord & Omit<RateCardInput, 'id'> & { partitionCode?: string | null; partitionName?: string | null };

/** One bad cell of an imported workbook (`row` is 1-based, as Excel shows it). */
export interface ImportRowError {
  sheet: string;
  row: number;
  column: string;
  message: string;
}
