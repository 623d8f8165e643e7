/** Countries and regions, ISO 3166-1 (contract dicts-notices.md, "Countries"); the code is the key. */
import { api, type Envelope } from '../../../api/client';
import { codeRule } from '../../../components/form/serverError';
import { postalMatches as corePostalMatches } from '../../../core';
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';

export const COUNTRY_LIST_PATH = '/sys/country/list';

// The fields' rules are core's (the server checks a save with the same rules and messages).
/** Two upper-case letters (ISO 3166-1). */
export const countryCodeRule = codeRule('countryCode');
/** `+` and 1–4 digits, optionally `-` and up to 4 more ("+1-684"); blank passes. */
export const phonePrefixRule = codeRule('phonePrefix');
/** A postal-code pattern of the syntax core reads (and matches with); blank passes. */
export const postalPatternRule = codeRule('postalPattern');

export type CountryRecord = components['schemas']['CountryRecord'];
export type CountryInput = components['schemas']['CountryForm'];

const countries = resource<CountryRecord, CountryInput>('/sys/country');
/** The code is the key: delete by code. */
export const { add: addCountry, remove: deleteCountry, removeBatch: deleteCountries } = countries;

/** `id` repeats the code: the list conventions key edits by `id`. The switch in the list shows a notice when refused. */
export function editCountry(body: CountryInput, notify = false): Promise<Envelope<CountryRecord>> {
  return api.put<CountryRecord>('/sys/country/edit', { id: body.code, ...body }, { notify });
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

/** Why core cannot read a postal pattern (its message), or undefined when it reads or is blank. */
export function patternProblem(pattern: string): string | undefined {
  const verdict = postalPatternRule(pattern);
  return verdict === true ? undefined : verdict;
}

/** Whether a postal code matches a pattern (upper-cased first) by core's engine; undefined when it cannot tell. */
export function postalMatches(pattern: string, postalCode: string): boolean | undefined {
  return corePostalMatches(pattern, postalCode);
}
