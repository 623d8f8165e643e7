/**
 * Times between the web and the API.
 *
 * - The server speaks every stored time as ISO-8601 UTC, `2026-11-24T19:16:46Z`; older answers
 *   (and fixtures) have `2026-11-24 19:16:46`, also UTC. {@link parseUtc} reads both, with
 *   fractional seconds and a `Z` or `±hh:mm` offset (the offset is applied when present).
 * - Pages show every time in the browser's zone as `YYYY-MM-DD HH:mm:ss` ({@link showTime}).
 * - What the web sends is ISO UTC, `YYYY-MM-DDTHH:mm:ssZ` ({@link formatUtc}); the server reads
 *   RFC 3339 with any offset.
 * - Pure dates (a birthday, effective dates, a tenant's begin and end) are `YYYY-MM-DD` and no
 *   times: they are shown as they are.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** Minutes east of UTC of an offset `Z`, `+08:00`, `-0530` or `+08`; 0 when there is none. */
function offsetMinutes(zone: string | undefined): number {
  if (!zone || zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0'));
}

/** A server time as a Date, or undefined when it is empty or not a time. */
export function parseUtc(value: string | null | undefined): Date | undefined {
  const match = value ? TIME.exec(value.trim()) : null;
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, fraction, zone] = match;
  const millis = Number((fraction ?? '').padEnd(3, '0').slice(0, 3));
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? '0'), millis);
  const date = new Date(utc - offsetMinutes(zone) * 60_000);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** `YYYY-MM-DD HH:mm:ss` of a Date in local time. */
export function formatLocal(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** `YYYY-MM-DDTHH:mm:ssZ` of a Date in UTC (what the web sends). */
export function formatUtc(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}Z`;
}

/** A server time shown in local time; the text itself when it cannot be read, '' when empty. */
export function showTime(value: string | null | undefined): string {
  const date = parseUtc(value);
  return date ? formatLocal(date) : (value ?? '');
}

/** A server time as the value of `<input type="datetime-local">` (local, minutes). */
export function utcToLocalInput(value: string | null | undefined): string {
  const date = parseUtc(value);
  return date ? formatLocal(date).slice(0, 16).replace(' ', 'T') : '';
}

/** The value of `<input type="datetime-local">` as a server time (UTC); null when empty. */
export function localInputToUtc(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : formatUtc(date);
}

/** The first (`end` false) or last second of a local day `YYYY-MM-DD`, as a server time (UTC). */
export function localDayToUtc(day: string, end = false): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [, y, m, d] = match;
  const date = end ? new Date(Number(y), Number(m) - 1, Number(d), 23, 59, 59) : new Date(Number(y), Number(m) - 1, Number(d), 0, 0, 0);
  return formatUtc(date);
}

/** The browser's IANA time zone (`Asia/Shanghai`), or undefined where the platform cannot say. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
