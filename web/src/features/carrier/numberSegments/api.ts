/**
 * Number segments (contract "Number segments", `logistics:numberSegment:*`): pools of tracking
 * numbers per channel (prefix, serial range, check digit, suffix), handed out atomically.
 */
import { api, type Envelope } from '../../../api/client';
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';
import { segmentAffixIssue, type SegmentScheme } from '../../../core';

/** Check-digit schemes (labels in `carrierSegment:scheme.*`). */
export const CHECK_SCHEMES = ['none', 'mod7', 's10', 'ups'] as const;
export type CheckScheme = (typeof CHECK_SCHEMES)[number] & SegmentScheme;

export type SegmentRecord = components['schemas']['SegmentRecord'];

export type SegmentInput = components['schemas']['SegmentForm'];
export type Allocation = components['schemas']['Allocation'];

/** Delete takes a segment that handed out nothing (the server refuses others, and its notice says so). */
export const { listPath: SEGMENT_LIST_PATH, add: addSegment, remove: deleteSegment } = resource<SegmentRecord, SegmentInput>('/logistics/numberSegment');
export const MAX_ALLOCATE = 100;

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

/** The pattern of a segment's numbers: `AA########✓GB` (# a serial digit, ✓ the check digit). */
export function numberPattern(segment: Pick<SegmentRecord, 'prefix' | 'suffix' | 'endNo' | 'checkScheme'>): string {
  const scheme = schemeOf(segment.checkScheme);
  return `${segment.prefix}${'#'.repeat(serialWidth(scheme, segment.endNo))}${scheme === 'none' ? '' : '✓'}${segment.suffix}`;
}

/** Whether a prefix and suffix fit the scheme (core's rule). */
export const affixesFit = (scheme: CheckScheme, prefix: string, suffix: string) =>
  segmentAffixIssue(scheme, 'prefix', prefix, 'en-US') === undefined && segmentAffixIssue(scheme, 'suffix', suffix, 'en-US') === undefined;

/** The scheme a scanned number looks like: `1Z…` UPS, `AA123456789GB` S10, digits only mod 7. */
export function detectScheme(number: string): Exclude<CheckScheme, 'none'> | undefined {
  const n = number.trim().toUpperCase();
  if (n.startsWith('1Z')) return 'ups';
  if (/^[A-Z]{2}\d{9}[A-Z]{2}$/.test(n)) return 's10';
  if (/^\d{2,}$/.test(n)) return 'mod7';
  return undefined;
}
