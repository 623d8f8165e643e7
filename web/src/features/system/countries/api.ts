/** Countries and regions, ISO 3166-1 (contract dicts-notices.md, "Countries"); the code is the key. */
import { api, type Envelope } from '../../../api/client';

export const COUNTRY_LIST_PATH = '/sys/country/list';

/** Two upper-case letters. */
export const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$/;
/** `+` and 1–4 digits, optionally `-` and more digits ("+1-684"). */
export const PHONE_PREFIX_PATTERN = /^\+\d{1,4}(-\d+)?$/;

export interface CountryRecord {
  code: string;
  nameZh: string;
  nameEn: string;
  /** The name in the request's language. */
  name?: string | null;
  phonePrefix?: string | null;
  /** A regular expression matched against the upper-cased postal code, or null. */
  postalPattern?: string | null;
  enabled: boolean;
  sortOrder?: number | null;
}

export interface CountryInput {
  code: string;
  nameZh: string;
  nameEn: string;
  phonePrefix?: string | null;
  postalPattern?: string | null;
  enabled: boolean;
  sortOrder?: number | null;
}

/** Form saves show their errors in the form: no notice. */
export function addCountry(body: CountryInput): Promise<Envelope<CountryRecord>> {
  return api.post<CountryRecord>('/sys/country/add', body, { notify: false });
}

/** `id` repeats the code: the list conventions key edits by `id`. */
export function editCountry(body: CountryInput, notify = false): Promise<Envelope<CountryRecord>> {
  return api.put<CountryRecord>('/sys/country/edit', { id: body.code, ...body }, { notify });
}

export function deleteCountry(code: string): Promise<Envelope<unknown>> {
  return api.delete('/sys/country/delete', { id: code });
}

export function deleteCountries(codes: string[]): Promise<Envelope<unknown>> {
  return api.delete('/sys/country/deleteBatch', { ids: codes.join(',') });
}

/** The record as the edit call takes it (every field, so nothing is cleared). */
export function countryInput(record: CountryRecord): CountryInput {
  return {
    code: record.code,
    nameZh: record.nameZh,
    nameEn: record.nameEn,
    phonePrefix: record.phonePrefix ?? null,
    postalPattern: record.postalPattern ?? null,
    enabled: record.enabled,
    sortOrder: record.sortOrder ?? null,
  };
}

/** A postal pattern compiled as a JavaScript regular expression, or why it does not compile. */
export function compilePattern(pattern: string): { regex?: RegExp; problem?: string } {
  if (pattern.trim() === '') return {};
  try {
    return { regex: new RegExp(pattern) };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

/** Whether a postal code matches a pattern (upper-cased first, as the server does); undefined when it cannot tell. */
export function postalMatches(pattern: string, postalCode: string): boolean | undefined {
  const { regex } = compilePattern(pattern);
  if (!regex || postalCode.trim() === '') return undefined;
  return regex.test(postalCode.trim().toUpperCase());
}
