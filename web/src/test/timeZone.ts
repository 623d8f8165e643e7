/**
 * Runs a test file's tests in a fixed local time zone, whatever the machine's (Node reads
 * `process.env.TZ` whenever it changes): times shown in local time are then known in advance.
 *
 * ```ts
 * inTimeZone('Asia/Shanghai'); // UTC+8, no daylight saving
 * test('…', () => expect(showTime('2026-11-24T19:16:46Z')).toBe('2026-11-25 03:16:46'));
 * ```
 */
import { afterAll, beforeAll } from 'vitest';

export function inTimeZone(zone: string): void {
  const machineZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (machineZone === undefined) delete process.env.TZ;
    else process.env.TZ = machineZone;
  });
}
