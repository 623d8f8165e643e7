/**
 * Destinations for the forecast: the enabled countries of `GET /sys/country/queryAll` (names in
 * both languages and the postal-code pattern), kept in localStorage so the form works offline;
 * with neither, the browser's own country names (no postal patterns).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { components } from '../../../api/schema';
import type { Language } from '../../../i18n';
import { COUNTRY_CODES, countryName } from '../../../lib/countries';
import { postalMatches } from '../../../core';

export const COUNTRIES_PATH = '/sys/country/queryAll';
export const COUNTRIES_CACHE_KEY = 'Forecast_Countries';

export interface Destination {
  code: string;
  nameZh: string;
  nameEn: string;
  /** A regular expression matched against the upper-cased postal code, or null. */
  postalPattern: string | null;
}

/** What a destination needs of a country record (also as kept in localStorage). */
type CountryAnswer = Pick<components['schemas']['CountryRecord'], 'code' | 'nameZh' | 'nameEn' | 'name' | 'postalPattern'>;

function toDestinations(records: readonly CountryAnswer[]): Destination[] {
  return records
    .filter((r) => typeof r.code === 'string' && r.code.length === 2)
    .map((r) => ({
      code: r.code.toUpperCase(),
      nameZh: r.nameZh || r.name || r.code,
      nameEn: r.nameEn || r.name || r.code,
      postalPattern: r.postalPattern?.trim() ? r.postalPattern.trim() : null,
    }));
}

function readCache(): Destination[] | undefined {
  try {
    const raw = localStorage.getItem(COUNTRIES_CACHE_KEY);
    const parsed = raw ? (JSON.parse(raw) as unknown) : undefined;
    return Array.isArray(parsed) && parsed.length > 0 ? toDestinations(parsed as CountryAnswer[]) : undefined;
  } catch {
    return undefined;
  }
}

/** The built-in list, named by the browser (used only before the first answer, offline). */
export function builtInDestinations(): Destination[] {
  return COUNTRY_CODES.map((code) => ({ code, nameZh: countryName(code, 'zh-CN'), nameEn: countryName(code, 'en-US'), postalPattern: null }));
}

async function fetchDestinations(signal: AbortSignal): Promise<Destination[]> {
  const envelope = await api.get<CountryAnswer[] | null>(COUNTRIES_PATH, undefined, { notify: false, signal });
  const destinations = toDestinations(envelope.result ?? []);
  if (destinations.length > 0) {
    try {
      localStorage.setItem(COUNTRIES_CACHE_KEY, JSON.stringify(destinations));
    } catch {
      // Only the offline copy is lost.
    }
  }
  return destinations;
}

export function useDestinations(): { destinations: Destination[]; loading: boolean } {
  const query = useQuery({
    queryKey: ['forecast', 'countries'],
    queryFn: ({ signal }) => fetchDestinations(signal),
    // The kept copy at once (and through errors); stale, so the server is asked when online.
    initialData: readCache,
    initialDataUpdatedAt: 0,
    staleTime: 60 * 60 * 1000,
    retry: false,
  });
  const destinations = query.data && query.data.length > 0 ? query.data : undefined;
  return { destinations: destinations ?? builtInDestinations(), loading: query.isPending && !destinations };
}

export const destinationName = (d: Destination, lang: Language) => (lang === 'zh-CN' ? d.nameZh : d.nameEn);

const fold = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/**
 * The destinations matching what the user typed (code, Chinese or English name), best first: the
 * exact code, then names starting with it, then the rest; served countries first within each.
 */
export function searchDestinations(list: readonly Destination[], query: string, lang: Language, served: ReadonlySet<string> = new Set()): Destination[] {
  const q = fold(query.trim());
  const collator = new Intl.Collator(lang);
  const scored: { d: Destination; score: number }[] = [];
  for (const d of list) {
    const names = [fold(d.nameZh), fold(d.nameEn)];
    let score: number;
    if (q === '') score = 3;
    else if (d.code.toLowerCase() === q) score = 0;
    else if (names.some((n) => n.startsWith(q))) score = 1;
    else if (names.some((n) => n.includes(q)) || d.code.toLowerCase().startsWith(q)) score = 2;
    else continue;
    scored.push({ d, score: score * 2 + (served.has(d.code) ? 0 : 1) });
  }
  return scored.toSorted((a, b) => a.score - b.score || collator.compare(destinationName(a.d, lang), destinationName(b.d, lang))).map((s) => s.d);
}

/** A postal code against a country's pattern: `undefined` when there is nothing to check. */
export function postalVerdict(pattern: string | null | undefined, postalCode: string): 'ok' | 'bad' | undefined {
  // Core's engine: the pattern syntax the server accepted the country's pattern by.
  const matches = postalMatches(pattern ?? '', postalCode);
  return matches === undefined ? undefined : matches ? 'ok' : 'bad';
}
