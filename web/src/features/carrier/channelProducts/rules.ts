/**
 * Form rows of a product's validity and postal rules, and their checks: core's, through WASM, in
 * the language of the moment (the rules and messages the server answers a save with).
 */
import { checkDivisor, postalRuleIssues, validityRuleIssues } from '../../../core';
import { currentLanguage } from '../../../i18n';
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

/** What is wrong with a bound of a rule row (no limit at all, not a number, out of bounds, min above max): core's message, or undefined. */
export function boundProblem(row: RuleRow, which: 'min' | 'max'): string | undefined {
  return validityRuleIssues(row.validType, row.min, row.max, currentLanguage()).find((issue) => issue.field === which)?.message;
}

/** What is wrong with a postal rule row's country or postal code (both upper-cased first): core's message, or undefined. */
export function postalProblem(row: Pick<PostalRow, 'country' | 'postalCode'>, which: 'country' | 'postalCode'): string | undefined {
  return postalRuleIssues(row.country, row.postalCode, currentLanguage()).find((issue) => issue.field === which)?.message;
}

/** A `validate` rule for the volumetric divisor: a whole number from 0 to 1,000,000 (core's rule and message). */
export const divisorRule = (value: string): true | string => checkDivisor(value.trim(), currentLanguage()) ?? true;
