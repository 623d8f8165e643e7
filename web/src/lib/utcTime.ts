/**
 * The API's times are `YYYY-MM-DD HH:mm:ss` in UTC (contract dicts-notices.md). Pages show them in
 * the browser's time zone and send what the user picks back in UTC.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const UTC_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/;

/** A server time as a Date, or undefined when it is empty or not a time. */
export function parseUtc(value: string | null | undefined): Date | undefined {
  const match = value ? UTC_TIME.exec(value) : null;
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? '0')));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** `YYYY-MM-DD HH:mm:ss` of a Date in local time. */
export function formatLocal(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** `YYYY-MM-DD HH:mm:ss` of a Date in UTC (what the server takes). */
export function formatUtc(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
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
