/**
 * Parity: every JSON test vector of the Rust core (core/tests/vectors/*.json) replayed through
 * the WASM build the browser runs. A mismatch means browser and server would decide differently.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as wasm from 'logistics-wasm';
import type { Language } from '../i18n';
import { CATALOGUE_KEYS, type ForecastShipment, forecast, message } from './index';
import { describe, expect, test } from 'vitest';

interface Vector {
  name: string;
  fn: string;
  args: (string | number)[];
  expect: string | null | Record<string, unknown> | unknown[];
}

// Paths, not URLs: under happy-dom the global URL is not Node's.
const vectorsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'core', 'tests', 'vectors');
const files = readdirSync(vectorsDir).filter((file) => file.endsWith('.json')).toSorted();
const vectors = files.flatMap((file) =>
  (JSON.parse(readFileSync(join(vectorsDir, file), 'utf8')) as Vector[]).map((vector) => ({ file, ...vector })),
);
const exported: Record<string, (...args: (string | number)[]) => unknown> = {
  ...(wasm as unknown as Record<string, (...args: (string | number)[]) => unknown>),
  // The page's forecast (the bundle read once, the shared answer put back together): the whole
  // answer, as `api::forecast` gives it natively.
  forecast: (bundle: string | number, shipment: string | number, lang: string | number) =>
    JSON.stringify(forecast(String(bundle), JSON.parse(String(shipment)) as ForecastShipment, lang as Language)),
};

describe('core test vectors through WASM', () => {
  test('there are vectors to replay', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(vectors.length).toBeGreaterThanOrEqual(50);
  });

  test.each(vectors)('$file: $fn — $name', ({ fn, args, expect: expected }) => {
    const fnImpl = exported[fn];
    expect(fnImpl, `wasm export ${fn}`).toBeTypeOf('function');
    const actual = fnImpl(...args);
    // `chargeableWeight` answers JSON, compared structurally; `undefined` means "no message".
    const comparable = typeof expected === 'object' && expected !== null ? JSON.parse(actual as string) : (actual ?? null);
    expect(comparable).toEqual(expected);
  });
});

describe('the browser build keeps the messages the web shows', () => {
  test.each(CATALOGUE_KEYS.flatMap((key) => (['zh-CN', 'en-US'] as const).map((lang) => ({ key, lang }))))('$key in $lang', ({ key, lang }) => {
    const text = message(key, lang);
    expect(text).not.toBe(key);
    expect(text.length).toBeGreaterThan(0);
  });
});

describe('tracking statuses', () => {
  test("every status the browser lists is one of core's", async () => {
    const { TRACKING_STATUSES, trackingCombined } = await import('./index');
    for (const status of TRACKING_STATUSES) expect(trackingCombined([status, status])).toBe(status);
    // An unknown code is left out: the other parcel speaks.
    expect(trackingCombined(['teleported', 'delivered'])).toBe('delivered');
  });
});
