/**
 * Money as the server writes it (the wallet, fees, margins): exact decimal text in the currency's places (`"12.50"`,
 * JPY `"300"`), never read through a float. Shown with the reader's digit grouping, tabular
 * figures and the currency code; negative amounts red, and signed credits green with their `+`.
 */
import { Text, type TextProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { DataColumn } from './DataTable';
import { useLanguage } from '../i18n';

const DECIMAL = /^([-+]?)(\d+)(?:\.(\d+))?$/;

/** The amount's sign: -1, 0 or 1 (0 for text that is not a decimal). */
export function amountSign(amount: string | null | undefined): -1 | 0 | 1 {
  const match = DECIMAL.exec((amount ?? '').trim());
  if (!match || /^0*$/.test(`${match[2]}${match[3] ?? ''}`)) return 0;
  return match[1] === '-' ? -1 : 1;
}

/** `1234.5` → `1,234.50` in the reader's notation, the places as written; `+` first when `signed` and positive. */
export function formatAmount(amount: string, lang: string, signed = false): string {
  const text = amount.trim();
  const match = DECIMAL.exec(text);
  if (!match) return text;
  const places = (match[3] ?? '').length;
  try {
    const format = new Intl.NumberFormat(lang, { minimumFractionDigits: places, maximumFractionDigits: places, signDisplay: signed ? 'exceptZero' : 'auto' });
    // A decimal string is formatted exactly (Intl.NumberFormat v3), never through a float.
    return format.format(text as `${number}`);
  } catch {
    return text;
  }
}

/** A decimal text as an integer of `places` minor units (undefined when it is not a decimal or has more places). */
function toMinor(amount: string, places: number): bigint | undefined {
  const match = DECIMAL.exec(amount.trim());
  if (!match || (match[3] ?? '').length > places) return undefined;
  const units = BigInt(`${match[2]}${(match[3] ?? '').padEnd(places, '0')}`);
  return match[1] === '-' ? -units : units;
}

const placesOf = (amount: string) => (amount.trim().split('.')[1] ?? '').length;

/** `a + b` of two decimal texts, exactly, in the larger number of places (undefined unless both are decimals). */
export function addAmounts(a: string, b: string): string | undefined {
  const places = Math.max(placesOf(a), placesOf(b));
  const x = toMinor(a, places);
  const y = toMinor(b, places);
  if (x === undefined || y === undefined) return undefined;
  const sum = x + y;
  const digits = (sum < 0n ? -sum : sum).toString().padStart(places + 1, '0');
  const whole = places > 0 ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
  return sum < 0n ? `-${whole}` : whole;
}

/** `a − b` (see {@link addAmounts}). */
export const subtractAmounts = (a: string, b: string): string | undefined => {
  const text = b.trim();
  return addAmounts(a, text.startsWith('-') ? text.slice(1) : `-${text.replace(/^\+/, '')}`);
};

export interface MoneyProps extends Omit<TextProps, 'children'> {
  amount: string | null | undefined;
  currency: string;
  /** A movement: `+` before credits, credits green. */
  signed?: boolean;
  /** Without colours (a figure that is neither a loss nor a gain). */
  plain?: boolean;
  testId?: string;
}

/** An amount with its currency code, right-aligned figures (`—` when there is none). */
export function Money({ amount, currency, signed = false, plain = false, testId, ...text }: MoneyProps) {
  const lang = useLanguage();
  if (amount === null || amount === undefined || amount.trim() === '') return <>{'—'}</>;
  const sign = amountSign(amount);
  const color = plain ? undefined : sign < 0 ? 'fg.error' : signed && sign > 0 ? 'fg.success' : undefined;
  return (
    <Text as="span" display="inline-block" whiteSpace="nowrap" fontVariantNumeric="tabular-nums" textAlign="end" color={color} data-testid={testId} {...text}>
      {formatAmount(amount, lang, signed)}{' '}
      <Text as="span" textStyle="xs" fontWeight="normal" color="fg.muted">
        {currency}
      </Text>
    </Text>
  );
}

/** A right-aligned column of an amount in the row's currency. */
export function moneyColumn<T>(
  id: string,
  header: ReactNode,
  amount: (row: T) => string | null | undefined,
  currency: (row: T) => string,
  { signed, strong, testId, ...column }: Partial<Omit<DataColumn<T>, 'id' | 'header' | 'cell'>> & { signed?: boolean; strong?: boolean; testId?: string } = {},
): DataColumn<T> {
  return {
    id,
    header,
    textAlign: 'end',
    ...column,
    cell: (row) => <Money amount={amount(row)} currency={currency(row)} signed={signed} fontWeight={strong ? 'semibold' : undefined} testId={testId} />,
  };
}
