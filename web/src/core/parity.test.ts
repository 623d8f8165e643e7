/**
 * Parity of the quote engine: 10,000 random shipments against random rate cards and products,
 * quoted by the browser build (WASM, here in Node) and by the native build (core's `parity`
 * example, the code the server runs), must answer byte for byte the same, and the browser's
 * answer put back together must be the server's. The cases are random but seeded, so a failure
 * names a case that can be replayed.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import * as wasm from 'logistics-wasm';
import { type ProductHead, type SharedForecast, whole } from './index';

/** The workspace (vitest runs in web/). */
const ROOT = resolve(process.cwd(), '..');
const CASES = 10_000;

/** mulberry32: a small seeded generator. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T,>(items: readonly T[]): T => items[int(0, items.length - 1)];
  /** A decimal string with up to `places` places, between lo and hi. */
  const dec = (lo: number, hi: number, places: number) => {
    const scale = 10 ** int(0, places);
    return (int(Math.round(lo * scale), Math.round(hi * scale)) / scale).toFixed(Math.log10(scale));
  };
  return { next, int, pick, dec };
}

const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'JP', 'CA', 'AU', 'CN'];
const POSTALS = ['10001', '99501', '96799', '90210', 'SW1A 1AA', 'IV2 3AB', '75001', '100-0001', 'M5V 2T6', '2000', ''];
const CURRENCIES = ['USD', 'CNY', 'EUR', 'JPY', 'KWD'];

function randomCard(g: ReturnType<typeof generator>, code: string) {
  const zones = Array.from({ length: g.int(1, 3) }, (_, i) => ({
    code: `Z${i}`,
    // The first zone takes the usual destinations, so most shipments find a price.
    countries: i === 0 ? ['US', 'GB', 'DE', 'FR', 'JP'] : Array.from({ length: g.int(1, 3) }, () => g.pick(COUNTRIES)),
    postalPrefixes: g.next() < 0.3 ? [g.pick(['99', '967', '9', 'SW', 'IV', '1'])] : [],
  }));
  const prices = zones.flatMap((z) => {
    const edges = [0, Number(g.dec(0.5, 5, 1)), Number(g.dec(6, 40, 0)), 300];
    return edges.slice(0, -1).map((from, i) => {
      const mode = g.pick(['fixed', 'firstAdditional', 'perKg'] as const);
      const row: Record<string, string> = { zone: z.code, fromWeight: String(from), toWeight: String(edges[i + 1]), mode };
      if (mode === 'fixed') row.price = g.dec(1, 500, 4);
      if (mode === 'firstAdditional') {
        Object.assign(row, { firstWeight: g.dec(0.1, 2, 3), firstPrice: g.dec(1, 200, 4), stepWeight: g.pick(['0', '0.5', '0.25', '1', '0.333']), stepPrice: g.dec(0, 50, 4) });
      }
      if (mode === 'perKg') Object.assign(row, { price: g.dec(0.1, 80, 4), minCharge: g.dec(0, 100, 2) });
      return row;
    });
  });
  const surcharges = [
    { type: 'fuel', percent: g.dec(0, 30, 4) },
    { type: 'perTicket', amount: g.dec(0, 20, 2) },
    { type: 'remoteArea', countries: [g.pick(COUNTRIES)], postalCodes: [g.pick(['99*', '967', 'IV*', '1*'])], amount: g.dec(0, 60, 2) },
    { type: 'oversize', maxSide: g.dec(40, 150, 1), maxWeight: g.dec(10, 40, 1), amount: g.dec(1, 80, 2) },
    { type: 'insurance', percent: g.dec(0, 3, 3) },
  ].filter(() => g.next() < 0.6);
  const rounding = g.next() < 0.5 ? [{ upTo: '20', increment: g.pick(['0.5', '0.1', '0', '0.25']) }, { upTo: '300', increment: '1' }] : [];
  return {
    code,
    currency: g.pick(CURRENCIES),
    weightRounding: rounding,
    minChargeableWeight: g.pick(['0', '0.5', '1', '0.05']),
    roundingScope: g.pick(['parcel', 'ticket']),
    zones,
    prices,
    surcharges,
  };
}

function randomBundle(g: ReturnType<typeof generator>) {
  const cards = Array.from({ length: g.int(1, 3) }, (_, i) => randomCard(g, `C${i}`));
  const products = Array.from({ length: g.int(1, 6) }, (_, i) => ({
    id: `p${i}`,
    code: `P${g.int(0, 3)}${i}`,
    name: `产品${i} "引号"`,
    nameEn: g.next() < 0.5 ? `Product ${i}` : '',
    tradeType: g.pick(['', '', '', 'B2C', 'B2B', 'FBA']),
    izMult: g.next() < 0.7,
    thWeightRatio: g.pick(['0', '5000', '6000', '8000', '7000']),
    markupPercent: g.pick(['0', '10', '-5', '12.5', '0.01']),
    rules: g.next() < 0.5 ? [{ validType: g.pick(['weight', 'longestSide', 'girth', 'declaredValue', 'pieces']), min: g.next() < 0.3 ? g.dec(0, 2, 1) : null, max: g.dec(1, 200, 2) }] : [],
    postalRules: g.next() < 0.3 ? [{ country: g.pick(COUNTRIES), postalCode: g.pick(['96799', '99*', 'SW1A*', '1*']), allow: g.next() < 0.5 }] : [],
    feeId: g.pick(cards).code,
  }));
  return JSON.stringify({ version: 'parity', cards, products });
}

function randomShipment(g: ReturnType<typeof generator>) {
  const count = g.next() < 0.02 ? 0 : g.next() < 0.6 ? 1 : g.int(1, 5);
  const parcels = Array.from({ length: count }, () => ({
    length: g.dec(1, 200, 2),
    width: g.dec(1, 120, 2),
    height: g.dec(1, 120, 2),
    // Now and then a value the engine must refuse, the same way on both sides.
    weight: g.next() < 0.01 ? g.pick(['-1', 'abc', '1e3', '']) : g.dec(0, 80, 3),
    quantity: g.next() < 0.7 ? 1 : g.int(1, 12),
  }));
  return JSON.stringify({
    countryCode: g.next() < 0.01 ? 'X' : g.pick(COUNTRIES),
    postalCode: g.pick(POSTALS),
    tradeType: g.pick(['B2C', 'B2C', 'B2B', 'FBA', 'b2c']),
    parcels,
    declaredValue: g.next() < 0.5 ? g.dec(0, 5000, 2) : '',
    currency: g.next() < 0.05 ? g.pick(CURRENCIES) : '',
  });
}

describe('the quote engine answers alike natively and in WASM', () => {
  test(`${CASES} random shipments and cards, byte for byte`, () => {
    const g = generator(20261121);
    const bundles = Array.from({ length: 400 }, () => randomBundle(g));
    const cases = Array.from({ length: CASES }, () => ({ bundle: g.pick(bundles), shipment: randomShipment(g), lang: g.pick(['zh-CN', 'en-US']) }));
    // As the page quotes: the bundle read once, the answer in the shared form with the products.
    const browser = cases.map((c) => {
      const bundle = wasm.readBundle(c.bundle, c.lang);
      const answer = [bundle.error() ?? bundle.forecast(c.shipment, c.lang), bundle.products(c.lang)];
      bundle.free();
      return answer;
    });
    // Natively: the same two, and the whole answer the server gives.
    const native = execFileSync('cargo', ['run', '-q', '-p', 'logistics-core', '--example', 'parity'], {
      cwd: ROOT,
      input: cases.map((c) => JSON.stringify(c)).join('\n') + '\n',
      maxBuffer: 512 * 1024 * 1024,
      encoding: 'utf8',
    })
      .split('\n')
      .map((line) => (line ? (JSON.parse(line) as { shared: string; products: string; whole: string }) : undefined));
    const differing = browser.flatMap(([shared, products], i) =>
      shared === native[i]?.shared && products === native[i]?.products ? [] : [i],
    );
    expect(differing.slice(0, 3).map((i) => ({ case: cases[i], wasm: browser[i], native: native[i] }))).toEqual([]);

    // Put back together, the browser's answer is the server's, field for field and in order.
    const answers = browser.map(([shared, products]) => {
      const answer = JSON.parse(shared) as SharedForecast;
      return answer.ok ? whole(answer, JSON.parse(products) as ProductHead[]) : answer;
    });
    const apart = answers.flatMap((answer, i) =>
      JSON.stringify(answer) === JSON.stringify(JSON.parse(native[i]?.whole ?? '""')) ? [] : [{ case: cases[i], answer, whole: native[i]?.whole }],
    );
    expect(apart.slice(0, 3)).toEqual([]);

    // The cases reach every outcome: quotes, refusals and bad input.
    expect(answers.filter((a) => a.ok && a.quotes.length > 0).length).toBeGreaterThan(CASES / 4);
    expect(answers.filter((a) => a.ok && a.unavailable.length > 0).length).toBeGreaterThan(CASES / 4);
    expect(answers.filter((a) => !a.ok).length).toBeGreaterThan(CASES / 200);
  }, 300_000);
});
