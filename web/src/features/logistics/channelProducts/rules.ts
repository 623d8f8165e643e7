/** A product's rules in words, in the user's language (list, expanded rows and export). */
import type { TFunction } from 'i18next';
import type { Language } from '../../../i18n';
import { countryName } from '../../../lib/countries';
import { VALID_TYPES, type PostalRule, type ValidityRule, type ValidType } from './api';

type T = TFunction<'myProducts'>;

const isValidType = (value: string): value is ValidType => (VALID_TYPES as readonly string[]).includes(value);

/** A bound as written by the server ("30", "30.000", 30), without trailing zeros; '' for none. */
export function bound(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value).trim();
  if (text === '') return '';
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

const unitOf = (type: ValidType, t: T, currency: string | null | undefined) => {
  if (type === 'weight') return ' kg';
  if (type === 'longestSide' || type === 'girth') return ' cm';
  if (type === 'pieces') return t('unit.pieces');
  return currency ? ` ${currency}` : '';
};

/** "Each parcel weighs at most 30 kg", "申报价值在 10–500 USD 之间", … */
export function describeRule(rule: ValidityRule, t: T, currency?: string | null): string {
  const type = rule.validType;
  const subject = isValidType(type) ? t(`rule.${type}`) : type;
  const unit = isValidType(type) ? unitOf(type, t, currency) : '';
  const min = bound(rule.min);
  const max = bound(rule.max);
  if (min && max) return t('bound.between', { subject, min, max, unit });
  if (max) return t('bound.atMost', { subject, max, unit });
  if (min) return t('bound.atLeast', { subject, min, unit });
  return subject;
}

const listFormat = (lang: Language, type: 'conjunction' | 'disjunction') => {
  try {
    return new Intl.ListFormat(lang, { style: 'long', type });
  } catch {
    return { format: (items: Iterable<string>) => [...items].join(', ') };
  }
};

/**
 * One sentence per country and kind: "United States: only postal codes starting with 10 or
 * 96799", "美国：不派送邮编 995 开头的地区" (with the remarks in brackets).
 */
export function describePostalRules(rules: readonly PostalRule[], t: T, lang: Language): string[] {
  const groups = new Map<string, { country: string; allow: boolean; codes: string[]; remarks: string[] }>();
  for (const rule of rules) {
    const country = rule.country.trim().toUpperCase();
    const key = `${country}:${rule.allow ? 'allow' : 'deny'}`;
    const group = groups.get(key) ?? { country, allow: rule.allow, codes: [], remarks: [] };
    const code = rule.postalCode.trim().toUpperCase();
    group.codes.push(code.endsWith('*') ? t('postal.prefix', { prefix: code.slice(0, -1) }) : code);
    if (rule.remark?.trim()) group.remarks.push(rule.remark.trim());
    groups.set(key, group);
  }
  const or = listFormat(lang, 'disjunction');
  return [...groups.values()].map((group) => {
    const text = t(group.allow ? 'postal.allow' : 'postal.deny', { country: countryName(group.country, lang), codes: or.format(group.codes) });
    return group.remarks.length > 0 ? t('postal.withRemark', { text, remark: group.remarks.join('; ') }) : text;
  });
}

/** The volumetric divisor in words: "5000" → "L×W×H ÷ 5000", 0 → "actual weight only". */
export function describeDivisor(ratio: number | string, t: T): string {
  const value = Number(ratio);
  return !Number.isFinite(value) || value === 0 ? t('divisor.actual') : t('divisor.volumetric', { divisor: String(ratio) });
}
