/**
 * Number segments (contract "Number segments", `logistics:numberSegment:*`): pools of tracking
 * numbers per channel (prefix, serial range, check digit, suffix), handed out atomically.
 */
import { api, type Envelope } from '../../../api/client';
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';
import { checkTrackingNumber } from '../../../core';

/** Check-digit schemes (labels in `carrierSegment:scheme.*`). */
export const CHECK_SCHEMES = ['none', 'mod7', 's10', 'ups'] as const;
export type CheckScheme = (typeof CHECK_SCHEMES)[number];

export type SegmentRecord = components['schemas']['SegmentRecord'];

export type SegmentInput = components['schemas']['SegmentForm'];
export type Allocation = components['schemas']['Allocation'];

/** Delete takes a segment that handed out nothing (the server refuses others, and its notice says so). */
export const { listPath: SEGMENT_LIST_PATH, add: addSegment, remove: deleteSegment } = resource<SegmentRecord, SegmentInput>('/logistics/numberSegment');
export const MAX_ALLOCATE = 100;

/** The largest serial of a scheme: S10 has 8 digits, UPS 7, others up to 15. */
export const MAX_SERIAL: Record<CheckScheme, number> = { none: 999_999_999_999_999, mod7: 999_999_999_999_999, s10: 99_999_999, ups: 9_999_999 };

export function allocateNumbers(channelId: string, count: number): Promise<Envelope<Allocation>> {
  return api.post<Allocation>('/logistics/numberSegment/allocate', { channelId, count }, { notify: false });
}

/** Serials handed out so far, and the size of the segment. */
export function usage(segment: Pick<SegmentRecord, 'startNo' | 'endNo' | 'currentNo'>): { used: number; size: number; percent: number } {
  const size = Math.max(0, segment.endNo - segment.startNo + 1);
  const used = Math.min(size, Math.max(0, segment.currentNo - segment.startNo + 1));
  return { used, size, percent: size === 0 ? 100 : Math.round((used / size) * 1000) / 10 };
}

const isScheme = (text: string): text is CheckScheme => (CHECK_SCHEMES as readonly string[]).includes(text);
export const schemeOf = (text: string | null | undefined): CheckScheme => {
  const lower = (text ?? '').trim().toLowerCase();
  return isScheme(lower) ? lower : 'none';
};

/** Digits of the serial: S10 eight, UPS seven, others as many as the end number has. */
export function serialWidth(scheme: CheckScheme, endNo: number): number {
  if (scheme === 's10') return 8;
  if (scheme === 'ups') return 7;
  return String(Math.max(0, Math.trunc(endNo))).length;
}

/**
 * The number a segment hands out for `serial`, as the server builds it (prefix, zero-padded
 * serial, check digit, suffix). The check digit is the one the core accepts, so the preview and
 * the scanner agree with the server; `?` when none fits (the format is not valid yet).
 */
export function segmentNumber(scheme: CheckScheme, prefix: string, suffix: string, serial: number, endNo: number): string {
  const body = String(serial).padStart(serialWidth(scheme, endNo), '0');
  const p = prefix.trim().toUpperCase();
  const s = suffix.trim().toUpperCase();
  if (scheme === 'none') return `${p}${body}${s}`;
  const candidate = (digit: number) => {
    if (scheme === 's10') return `${p}${body}${digit}${s}`;
    if (scheme === 'ups') return `${p}${body}${digit}`;
    return `${body}${digit}`;
  };
  const digit = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => checkTrackingNumber(scheme, candidate(d)));
  return `${p}${body}${digit ?? '?'}${s}`;
}

/** The pattern of a segment's numbers: `AA########✓GB` (# a serial digit, ✓ the check digit). */
export function numberPattern(segment: Pick<SegmentRecord, 'prefix' | 'suffix' | 'endNo' | 'checkScheme'>): string {
  const scheme = schemeOf(segment.checkScheme);
  return `${segment.prefix}${'#'.repeat(serialWidth(scheme, segment.endNo))}${scheme === 'none' ? '' : '✓'}${segment.suffix}`;
}

export type AffixProblem = 'affixChars' | 's10Prefix' | 's10Suffix' | 'upsPrefix' | 'upsSuffix';

/** What is wrong with a segment's prefix or suffix for its scheme (the server's rules), if anything. */
export function affixProblem(scheme: CheckScheme, which: 'prefix' | 'suffix', text: string): AffixProblem | undefined {
  const value = text.trim().toUpperCase();
  if (value.length > 20 || !/^[A-Z0-9]*$/.test(value)) return 'affixChars';
  if (scheme === 's10' && !/^[A-Z]{2}$/.test(value)) return which === 'prefix' ? 's10Prefix' : 's10Suffix';
  if (scheme === 'ups' && which === 'prefix' && !(value.length === 10 && value.startsWith('1Z'))) return 'upsPrefix';
  if (scheme === 'ups' && which === 'suffix' && value !== '') return 'upsSuffix';
  return undefined;
}

/** Whether a prefix and suffix fit the scheme. */
export const affixesFit = (scheme: CheckScheme, prefix: string, suffix: string) =>
  affixProblem(scheme, 'prefix', prefix) === undefined && affixProblem(scheme, 'suffix', suffix) === undefined;

/** The scheme a scanned number looks like: `1Z…` UPS, `AA123456789GB` S10, digits only mod 7. */
export function detectScheme(number: string): Exclude<CheckScheme, 'none'> | undefined {
  const n = number.trim().toUpperCase();
  if (n.startsWith('1Z')) return 'ups';
  if (/^[A-Z]{2}\d{9}[A-Z]{2}$/.test(n)) return 's10';
  if (/^\d{2,}$/.test(n)) return 'mod7';
  return undefined;
}
