import { describe, expect, test } from 'vitest';
import { inTimeZone } from '../test/timeZone';
import { browserTimeZone, formatLocal, formatUtc, localDayToUtc, localInputToUtc, parseUtc, showTime, utcToLocalInput } from './utcTime';

// Local time is UTC+8 (no daylight saving), whatever the machine's zone.
inTimeZone('Asia/Shanghai');

describe('parseUtc', () => {
  test.each([
    ['2026-11-24T19:16:46Z', '2026-11-24T19:16:46.000Z'],
    ['2026-11-24T19:16:46.5Z', '2026-11-24T19:16:46.500Z'],
    ['2026-11-24T19:16:46.123456789Z', '2026-11-24T19:16:46.123Z'],
    ['2026-11-24 19:16:46', '2026-11-24T19:16:46.000Z'],
    ['2026-11-24T19:16:46', '2026-11-24T19:16:46.000Z'],
    ['2026-11-24 19:16', '2026-11-24T19:16:00.000Z'],
    ['2026-11-25T03:16:46+08:00', '2026-11-24T19:16:46.000Z'],
    ['2026-11-24T13:46:46-05:30', '2026-11-24T19:16:46.000Z'],
    ['2026-11-25T03:16:46+0800', '2026-11-24T19:16:46.000Z'],
    ['2026-11-24T19:16:46+00:00', '2026-11-24T19:16:46.000Z'],
  ])('%s is %s', (text, iso) => {
    expect(parseUtc(text)?.toISOString()).toBe(iso);
  });

  test.each([null, undefined, '', '2026-11-24', 'soon', '2026-11-24T19:16:46Q'])('%s is no time', (text) => {
    expect(parseUtc(text)).toBeUndefined();
  });
});

describe('what the web sends', () => {
  test('formatUtc is ISO UTC to the second', () => {
    expect(formatUtc(new Date(Date.UTC(2026, 10, 24, 19, 16, 46, 900)))).toBe('2026-11-24T19:16:46Z');
  });

  test('a datetime-local value and a local day become UTC', () => {
    expect(localInputToUtc('2026-11-25T03:16')).toBe('2026-11-24T19:16:00Z');
    expect(localInputToUtc('')).toBeNull();
    expect(localInputToUtc('later')).toBeNull();
    expect(localDayToUtc('2026-03-01')).toBe('2026-02-28T16:00:00Z');
    expect(localDayToUtc('2026-03-01', true)).toBe('2026-03-01T15:59:59Z');
    expect(localDayToUtc('March')).toBeUndefined();
  });
});

describe('what the web shows', () => {
  test('showTime is the local YYYY-MM-DD HH:mm:ss of either form', () => {
    expect(showTime('2026-11-24T19:16:46Z')).toBe('2026-11-25 03:16:46');
    expect(showTime('2026-11-24 19:16:46')).toBe('2026-11-25 03:16:46');
    expect(showTime('2026-11-24T14:16:46-05:00')).toBe('2026-11-25 03:16:46');
    expect(formatLocal(new Date(Date.UTC(2026, 0, 1, 0, 0, 5)))).toBe('2026-01-01 08:00:05');
  });

  test('showTime keeps what it cannot read, and empty is empty', () => {
    expect(showTime('yesterday')).toBe('yesterday');
    expect(showTime(null)).toBe('');
    expect(showTime(undefined)).toBe('');
  });

  test('a server time fills a datetime-local input in local time', () => {
    expect(utcToLocalInput('2026-11-24T19:16:46Z')).toBe('2026-11-25T03:16');
    expect(utcToLocalInput('2026-11-24 19:16:46')).toBe('2026-11-25T03:16');
    expect(utcToLocalInput(null)).toBe('');
  });

  test("the browser's zone is its IANA name", () => {
    expect(browserTimeZone()).toBe('Asia/Shanghai');
  });
});
