/**
 * Countries and regions for forms (ISO 3166-1 alpha-2), named in the UI language by the
 * browser's `Intl.DisplayNames`, so no name list is kept by hand.
 */
import type { Language } from '../i18n';

/** The markets a shipping customer is most likely registered in, China first. */
export const COUNTRY_CODES = [
  'CN', 'HK', 'MO', 'TW', 'US', 'CA', 'MX', 'BR', 'GB', 'IE', 'DE', 'FR', 'IT', 'ES', 'PT', 'NL',
  'BE', 'LU', 'CH', 'AT', 'DK', 'SE', 'NO', 'FI', 'PL', 'CZ', 'HU', 'RO', 'GR', 'TR', 'RU', 'UA',
  'AE', 'SA', 'IL', 'EG', 'ZA', 'NG', 'KE', 'IN', 'PK', 'BD', 'JP', 'KR', 'SG', 'MY', 'TH', 'VN',
  'ID', 'PH', 'KH', 'AU', 'NZ', 'CL', 'AR', 'CO', 'PE',
] as const;

export function countryName(code: string, lang: Language): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Code and localized name, China first, the rest sorted by name in `lang`. */
export function countryOptions(lang: Language): { code: string; name: string }[] {
  const collator = new Intl.Collator(lang);
  const [first, ...rest] = COUNTRY_CODES.map((code) => ({ code, name: countryName(code, lang) }));
  return [first!, ...rest.toSorted((a, b) => collator.compare(a.name, b.name))];
}
