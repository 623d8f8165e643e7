/** Form rows of a product's validity and postal rules, and their checks (the server checks again). */
import type { PostalRule, ValidityRule } from './api';

export interface RuleRow {
  validType: string;
  min: string;
  max: string;
}

export interface PostalRow {
  country: string;
  postalCode: string;
  /** "allow" or "deny" (a native select's value). */
  mode: 'allow' | 'deny';
  remark: string;
}

export const DECIMAL = /^\d+(\.\d+)?$/;
export const INTEGER = /^\d+$/;
export const COUNTRY = /^[A-Za-z]{2}$/;
/** Letters, digits, spaces and dashes; a trailing `*` makes it a prefix. */
export const POSTAL_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]*\*?$/;

export const toRuleRows = (rules: readonly ValidityRule[] | null | undefined): RuleRow[] =>
  (rules ?? []).map((rule) => ({ validType: rule.validType, min: rule.min ?? '', max: rule.max ?? '' }));

export const toPostalRows = (rules: readonly PostalRule[] | null | undefined): PostalRow[] =>
  (rules ?? []).map((rule) => ({ country: rule.country, postalCode: rule.postalCode, mode: rule.allow ? 'allow' : 'deny', remark: rule.remark ?? '' }));

export const fromRuleRows = (rows: readonly RuleRow[]): ValidityRule[] =>
  rows.map((row) => ({ validType: row.validType, min: row.min.trim() || null, max: row.max.trim() || null }));

export const fromPostalRows = (rows: readonly PostalRow[]): PostalRule[] =>
  rows.map((row) => ({
    country: row.country.trim().toUpperCase(),
    postalCode: row.postalCode.trim().toUpperCase(),
    allow: row.mode === 'allow',
    remark: row.remark.trim() || null,
  }));

/** What is wrong with a bound of a rule row, as a message key (undefined = fine). */
export function boundProblem(row: RuleRow, which: 'min' | 'max'): 'minOrMax' | 'number' | 'integer' | 'minAboveMax' | undefined {
  const value = row[which].trim();
  const other = row[which === 'min' ? 'max' : 'min'].trim();
  if (value === '') return other === '' && which === 'max' ? 'minOrMax' : undefined;
  if (!DECIMAL.test(value)) return 'number';
  if (row.validType === 'pieces' && !INTEGER.test(value)) return 'integer';
  if (which === 'max' && other !== '' && DECIMAL.test(other) && Number(other) > Number(value)) return 'minAboveMax';
  return undefined;
}
