/**
 * The margin report's totals, exactly: decimal text read into integer minor units (`bigint`) in
 * the currency's places (JPY 0, the others 2), summed, and written back as decimal text; never
 * through a float. The totals' rate is core's (`fees::margin`): the margin as a percentage of the
 * charge to two places, rounded half away from zero, none when nothing was charged.
 */
import type { MarginRow } from './api';

const DECIMAL = /^([-+]?)(\d+)(?:\.(\d+))?$/;

const abs = (value: bigint) => (value < 0n ? -value : value);

/** The places of a currency's minor unit: JPY none, every other currency the wallet keeps two. */
export const currencyPlaces = (currency: string): number => (currency.trim().toUpperCase() === 'JPY' ? 0 : 2);

/** Decimal text as minor units of `places` (undefined when it is no decimal or has more places: nothing is rounded). */
export function toMinor(amount: string, places: number): bigint | undefined {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return undefined;
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > places && !/^0*$/.test(fraction.slice(places))) return undefined;
  const units = BigInt(`${whole}${fraction.slice(0, places).padEnd(places, '0')}`);
  return sign === '-' ? -units : units;
}

/** Minor units of `places` as decimal text (`-1234` at 2 places: `"-12.34"`). */
export function fromMinor(units: bigint, places: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
  const text = places > 0 ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
  return negative ? `-${text}` : text;
}

/** The margin as a percentage of the charge, two places, half away from zero (`"12.50"`); undefined when nothing was charged. */
export function marginRate(margin: bigint, charged: bigint): string | undefined {
  if (charged === 0n) return undefined;
  const scaled = margin * 10_000n;
  // `/` truncates toward zero, as core's integer division does.
  let hundredths = scaled / charged;
  const rest = scaled % charged;
  if (abs(rest) * 2n >= abs(charged)) hundredths += scaled < 0n !== charged < 0n ? -1n : 1n;
  const sign = hundredths < 0n ? '-' : '';
  const value = abs(hundredths);
  return `${sign}${value / 100n}.${(value % 100n).toString().padStart(2, '0')}`;
}

/** `sum + amount` in minor units (undefined once any amount could not be read). */
function add(sum: bigint | undefined, amount: string, places: number): bigint | undefined {
  const units = toMinor(amount, places);
  return sum === undefined || units === undefined ? undefined : sum + units;
}

/** A currency's totals over the report's rows. Figures are undefined when a row's could not be read exactly. */
export interface MarginTotal {
  currency: string;
  shipments: number;
  charged: string | undefined;
  cost: string | undefined;
  margin: string | undefined;
  marginRate: string | undefined;
}

/** The totals per currency, in the order the currencies first appear among the rows. */
export function marginTotals(rows: readonly MarginRow[]): MarginTotal[] {
  const sums = new Map<string, { shipments: number; charged?: bigint; cost?: bigint; margin?: bigint }>();
  for (const row of rows) {
    const places = currencyPlaces(row.currency);
    const sum = sums.get(row.currency) ?? { shipments: 0, charged: 0n, cost: 0n, margin: 0n };
    sums.set(row.currency, {
      shipments: sum.shipments + row.shipments,
      charged: add(sum.charged, row.charged, places),
      cost: add(sum.cost, row.cost, places),
      margin: add(sum.margin, row.margin, places),
    });
  }
  return [...sums].map(([currency, sum]) => {
    const places = currencyPlaces(currency);
    const text = (units: bigint | undefined) => (units === undefined ? undefined : fromMinor(units, places));
    return {
      currency,
      shipments: sum.shipments,
      charged: text(sum.charged),
      cost: text(sum.cost),
      margin: text(sum.margin),
      marginRate: sum.margin !== undefined && sum.charged !== undefined ? marginRate(sum.margin, sum.charged) : undefined,
    };
  });
}
