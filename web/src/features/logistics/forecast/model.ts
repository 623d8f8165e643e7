/**
 * The forecast form as the page keeps it (text as typed) and the shipment the core reads, plus the
 * few rules the page adds around the core's answer.
 */
import type { ForecastResult, ForecastShipment } from '../../../core';

export const TRADE_TYPES = ['B2B', 'B2C', 'FBA', 'WMS'] as const;
export type TradeType = (typeof TRADE_TYPES)[number];

/** Currencies offered besides those of the bundle's cards. */
export const COMMON_CURRENCIES = ['USD', 'CNY', 'EUR', 'GBP', 'JPY', 'HKD', 'AUD', 'CAD'] as const;

/** The pause between typing and computing (ms). */
export const FORECAST_DEBOUNCE_MS = 100;

export interface ParcelRow {
  /** Stable React key. */
  id: string;
  length: string;
  width: string;
  height: string;
  weight: string;
  quantity: string;
}

export const PARCEL_FIELDS = ['length', 'width', 'height', 'weight', 'quantity'] as const;
export type ParcelField = (typeof PARCEL_FIELDS)[number];

export interface ForecastForm {
  countryCode: string;
  postalCode: string;
  tradeType: TradeType;
  parcels: ParcelRow[];
  declaredValue: string;
  /** '' for any. */
  currency: string;
}

let nextParcelId = 0;

export function emptyParcel(): ParcelRow {
  nextParcelId += 1;
  return { id: `parcel-${nextParcelId}`, length: '', width: '', height: '', weight: '', quantity: '1' };
}

/** `currency` '' means any currency. */
export function emptyForm(currency = '', tradeType: TradeType = 'B2C'): ForecastForm {
  return { countryCode: '', postalCode: '', tradeType, parcels: [emptyParcel()], declaredValue: '', currency };
}

export const isTradeType = (value: string | null | undefined): value is TradeType => (TRADE_TYPES as readonly string[]).includes(value ?? '');

/** The core's name of a parcel input (`parcels[0].weight`), as its field errors say. */
export const parcelPath = (index: number, field: ParcelField) => `parcels[${index}].${field}`;

/** The shipment for the core (text passed as typed: the core reads and checks the numbers). */
export function toShipment(form: ForecastForm): ForecastShipment {
  return {
    countryCode: form.countryCode,
    postalCode: form.postalCode.trim(),
    tradeType: form.tradeType,
    parcels: form.parcels.map((p) => ({
      length: p.length.trim(),
      width: p.width.trim(),
      height: p.height.trim(),
      weight: p.weight.trim(),
      quantity: p.quantity.trim() === '' ? '1' : p.quantity.trim(),
    })),
    declaredValue: form.declaredValue.trim() === '' ? undefined : form.declaredValue.trim(),
    // Empty: any currency; else the core lists products priced in another one as unavailable.
    currency: form.currency || undefined,
  };
}

/** Whether the user has typed enough to be shown prices or what is missing. */
export function isStarted(form: ForecastForm): boolean {
  return form.countryCode !== '' && form.parcels.some((p) => p.weight.trim() !== '' || p.length.trim() !== '');
}

/** Only the products with this code (the "forecast with this product" link). */
export function onlyProduct(result: ForecastResult, code: string | undefined): ForecastResult {
  if (!result.ok || !code) return result;
  return { ok: true, quotes: result.quotes.filter((q) => q.code === code), unavailable: result.unavailable.filter((u) => u.code === code) };
}

interface BundleFacts {
  /** Card currencies, most used first. */
  currencies: string[];
  /** Product codes and names. */
  products: { code: string; name: string }[];
  /** Countries some zone of some card serves. */
  countries: Set<string>;
}

/** What the page reads from the bundle itself (its currencies, products, served countries). */
export function bundleFacts(json: string | undefined): BundleFacts {
  const facts: BundleFacts = { currencies: [], products: [], countries: new Set() };
  if (!json) return facts;
  try {
    const bundle = JSON.parse(json) as {
      cards?: { code?: string; currency?: string; zones?: { countries?: string[] | string }[] }[];
      products?: { code?: string; name?: string; feeId?: string }[];
    };
    const cards = bundle.cards ?? [];
    const uses = new Map<string, number>();
    for (const product of bundle.products ?? []) {
      facts.products.push({ code: product.code ?? '', name: product.name ?? '' });
      const currency = cards.find((card) => card.code === product.feeId)?.currency?.toUpperCase();
      if (currency) uses.set(currency, (uses.get(currency) ?? 0) + 1);
    }
    for (const card of cards) {
      const currency = card.currency?.toUpperCase();
      if (currency && !uses.has(currency)) uses.set(currency, 0);
      for (const zone of card.zones ?? []) {
        const list = Array.isArray(zone.countries) ? zone.countries : (zone.countries ?? '').split(',');
        for (const country of list) if (country.trim()) facts.countries.add(country.trim().toUpperCase());
      }
    }
    facts.currencies = [...uses.entries()].toSorted((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([currency]) => currency);
  } catch {
    // An unreadable bundle: the core says so when asked.
  }
  return facts;
}

/** Total pieces and actual weight of the rows that can be read (for the summary line). */
export function parcelTotals(parcels: readonly ParcelRow[]): { pieces: number; weight: number } {
  let pieces = 0;
  let weight = 0;
  for (const p of parcels) {
    const quantity = p.quantity.trim() === '' ? 1 : Number(p.quantity);
    const kg = Number(p.weight);
    if (!Number.isInteger(quantity) || quantity < 1) continue;
    pieces += quantity;
    if (p.weight.trim() !== '' && Number.isFinite(kg) && kg > 0) weight += kg * quantity;
  }
  return { pieces, weight: Math.round(weight * 1000) / 1000 };
}
