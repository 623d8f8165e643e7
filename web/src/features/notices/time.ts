/** The API's times are `YYYY-MM-DD HH:mm:ss` in UTC (contract); the user sees them in local time. */

const pad = (n: number) => String(n).padStart(2, '0');
const UTC_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/;

/** A server time in local time, `YYYY-MM-DD HH:mm` (with seconds when `seconds`); the text itself when unreadable. */
export function localTime(value: string | null | undefined, seconds = false): string {
  const match = value ? UTC_TIME.exec(value) : null;
  if (!match) return value ?? '';
  const [, y, mo, d, h, mi, s] = match;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? '0')));
  if (Number.isNaN(date.getTime())) return value ?? '';
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}${seconds ? `:${pad(date.getSeconds())}` : ''}`;
  return `${day} ${time}`;
}
