import { describe, expect, test } from 'vitest';
import type { RateCardDetail, RatePrice } from './types';
import {
  cellErrors,
  countBySection,
  detailToDraft,
  draftToInput,
  emptyBracket,
  emptyCell,
  emptyDraft,
  emptySurcharge,
  emptyZone,
  errorKeys,
  locateServerField,
  matrixToPrices,
  nextBracket,
  nextEffectiveFrom,
  normalizeDecimal,
  parseFieldPath,
  priceCount,
  pricedCells,
  pricesToMatrix,
  removeZone,
  setCell,
  setRow,
  isCountryCode,
  isPostalCode,
  validateCell,
  validateDraft,
  versionDraft,
  type CardDraft,
} from './model';

const DETAIL: RateCardDetail = {
  id: 'c1',
  code: 'US-EXP',
  name: 'US express',
  currency: 'usd',
  effectiveFrom: '2026-01-01',
  state: 'current',
  zoneCount: 2,
  priceCount: 5,
  productCount: 1,
  createTime: '2026-01-01 10:00:00',
  minChargeableWeight: '0.1',
  roundingScope: 'ticket',
  weightRounding: [
    { upTo: '20', increment: '0.5' },
    { upTo: 9999, increment: 1 },
  ],
  zones: [
    { code: 'Z1', countries: ['US'], postalPrefixes: ['9'] },
    { code: 'Z2', countries: ['us', 'CA'], postalPrefixes: [] },
  ],
  prices: [
    { zone: 'Z1', fromWeight: '0', toWeight: '0.5', mode: 'fixed', price: '10.00' },
    { zone: 'Z2', fromWeight: '0.0', toWeight: '0.50', mode: 'fixed', price: '12.00' },
    { zone: 'Z1', fromWeight: '0.5', toWeight: '20', mode: 'firstAdditional', firstWeight: '1', firstPrice: '15', stepWeight: '0.5', stepPrice: '3' },
    { zone: 'Z2', fromWeight: '0.5', toWeight: 30, mode: 'perKg', price: '8', minCharge: '20' },
    { zone: 'Z1', fromWeight: '20', toWeight: '30', mode: 'perKg', price: 7.5 },
  ],
  surcharges: [
    { type: 'fuel', percent: '12.5' },
    { type: 'remoteArea', countries: ['us'], postalCodes: ['99*'], amount: '25' },
    { type: 'oversize', maxSide: '120', maxWeight: null, amount: '40' },
  ],
};

const priceId = (p: RatePrice) => `${p.zone}|${normalizeDecimal(p.fromWeight)}|${normalizeDecimal(p.toWeight)}`;

const sent = () => {
  const draft = detailToDraft(DETAIL);
  return { draft, origins: draftToInput(draft).origins };
};

const valid = (): CardDraft => detailToDraft(DETAIL);
const issueKeys = (draft: CardDraft) => validateDraft(draft, 'en-US').map((issue) => `${issue.key}:${issue.message}`);

describe('decimals', () => {
  test('normalize trailing and leading zeros', () => {
    expect(normalizeDecimal('1.500')).toBe('1.5');
    expect(normalizeDecimal('2.0')).toBe('2');
    expect(normalizeDecimal('007')).toBe('7');
    expect(normalizeDecimal(0.5)).toBe('0.5');
    expect(normalizeDecimal('-0.0')).toBe('0');
    expect(normalizeDecimal(' x ')).toBe('x');
    expect(normalizeDecimal(null)).toBe('');
  });
});

describe('matrix <-> prices', () => {
  test('groups equal brackets (however written) into one row, ordered by weight', () => {
    const draft = detailToDraft(DETAIL);
    expect(draft.zones.map((z) => z.code)).toEqual(['Z1', 'Z2']);
    expect(draft.brackets.map((b) => [b.fromWeight, b.toWeight])).toEqual([
      ['0', '0.5'],
      ['0.5', '20'],
      ['0.5', '30'],
      ['20', '30'],
    ]);
    const [z1, z2] = draft.zones;
    const [first, second, third, fourth] = draft.brackets;
    expect(first!.cells[z1!.key]).toMatchObject({ mode: 'fixed', price: '10.00' });
    expect(first!.cells[z2!.key]).toMatchObject({ mode: 'fixed', price: '12.00' });
    expect(second!.cells[z1!.key]).toMatchObject({ mode: 'firstAdditional', firstWeight: '1', firstPrice: '15', stepWeight: '0.5', stepPrice: '3' });
    expect(second!.cells[z2!.key]).toBeUndefined();
    expect(third!.cells[z2!.key]).toMatchObject({ mode: 'perKg', price: '8', minCharge: '20' });
    expect(fourth!.cells[z1!.key]).toMatchObject({ mode: 'perKg', price: '7.5', minCharge: '' });
    // Upper-cased country codes and currency.
    expect(draft.zones[1]!.countries).toEqual(['US', 'CA']);
    expect(draft.currency).toBe('USD');
    expect(draft.roundingScope).toBe('ticket');
    expect(draft.rounding.map((r) => [r.upTo, r.increment])).toEqual([
      ['20', '0.5'],
      ['9999', '1'],
    ]);
  });

  test('a round trip keeps every price (one entry per zone × bracket with a price)', () => {
    const { input } = draftToInput(detailToDraft(DETAIL));
    expect(input.prices).toHaveLength(DETAIL.prices.length);
    expect(input.prices.map(priceId).toSorted()).toEqual(DETAIL.prices.map(priceId).toSorted());
    const perKg = input.prices.find((p) => p.zone === 'Z1' && p.mode === 'perKg');
    // Only the fields of the mode; an empty minimum is left out.
    expect(perKg).toEqual({ zone: 'Z1', fromWeight: '20', toWeight: '30', mode: 'perKg', price: '7.5' });
    const fixed = input.prices.find((p) => p.zone === 'Z2' && p.mode === 'fixed');
    // The row's weights are written as its first price wrote them (0.0 and 0 are the same bracket).
    expect(fixed).toEqual({ zone: 'Z2', fromWeight: '0', toWeight: '0.5', mode: 'fixed', price: '12.00' });
    expect(input.surcharges).toEqual([
      { type: 'fuel', percent: '12.5' },
      { type: 'remoteArea', countries: ['US'], postalCodes: ['99*'], amount: '25' },
      { type: 'oversize', maxSide: '120', amount: '40' },
    ]);
    expect(input.zones[1]).toEqual({ code: 'Z2', countries: ['US', 'CA'], postalPrefixes: [] });
    expect(input.weightRounding).toEqual([
      { upTo: '20', increment: '0.5' },
      { upTo: '9999', increment: '1' },
    ]);
    expect(input).not.toHaveProperty('id');
  });

  test('prices follow the order of rows, then zones; origins name their cells', () => {
    const z1 = emptyZone('A');
    const z2 = emptyZone('B');
    const row1 = emptyBracket('0', '1');
    const row2 = emptyBracket('1', '2');
    row1.cells[z2.key] = { ...emptyCell(), price: '5' };
    row1.cells[z1.key] = { ...emptyCell(), price: '4' };
    row2.cells[z2.key] = { ...emptyCell('perKg'), price: '3', minCharge: '9' };
    const { prices, origins } = matrixToPrices([z1, z2], [row1, row2]);
    expect(prices.map((p) => `${p.zone}:${p.toWeight}`)).toEqual(['A:1', 'B:1', 'B:2']);
    expect(origins).toEqual([
      { bracketKey: row1.key, zoneKey: z1.key },
      { bracketKey: row1.key, zoneKey: z2.key },
      { bracketKey: row2.key, zoneKey: z2.key },
    ]);
  });

  test('a renamed zone keeps its cells; a removed zone drops them', () => {
    const draft = detailToDraft(DETAIL);
    draft.zones[0]!.code = 'ZONE-1';
    const renamed = draftToInput(draft).input.prices;
    expect(renamed.filter((p) => p.zone === 'ZONE-1')).toHaveLength(3);
    const without = draftToInput({ ...draft, zones: draft.zones.slice(1) }).input.prices;
    expect(without.map((p) => p.zone)).toEqual(['Z2', 'Z2']);
  });

  test('a second price for the same zone and bracket gets a row of its own', () => {
    const zone = emptyZone('Z');
    const { brackets } = pricesToMatrix(
      [zone],
      [
        { zone: 'Z', fromWeight: '0', toWeight: '1', mode: 'fixed', price: '1' },
        { zone: 'Z', fromWeight: '0', toWeight: '1', mode: 'fixed', price: '2' },
      ],
    );
    expect(brackets).toHaveLength(2);
    expect(brackets.map((b) => b.cells[zone.key]?.price)).toEqual(['1', '2']);
  });

  test('a price of an unknown zone brings that zone along', () => {
    const { zones, brackets } = pricesToMatrix([], [{ zone: 'X', fromWeight: '0', toWeight: '1', mode: 'fixed', price: '1' }]);
    expect(zones.map((z) => z.code)).toEqual(['X']);
    expect(brackets[0]!.cells[zones[0]!.key]?.price).toBe('1');
  });

  test('a new row starts where the last ends', () => {
    expect(nextBracket([]).fromWeight).toBe('0');
    expect(nextBracket([emptyBracket('0', '2.5')])).toMatchObject({ fromWeight: '2.5', toWeight: '' });
  });
});

describe('versions', () => {
  test('a new version starts tomorrow, or the day after its source when that is later', () => {
    const today = new Date(2026, 0, 10);
    expect(nextEffectiveFrom('2026-01-01', today)).toBe('2026-01-11');
    expect(nextEffectiveFrom('2026-02-28', today)).toBe('2026-03-01');
    expect(nextEffectiveFrom('', today)).toBe('2026-01-11');
    const draft = versionDraft(DETAIL, today);
    expect(draft.code).toBe('US-EXP');
    expect(draft.effectiveFrom).toBe('2026-01-11');
    expect(draftToInput(draft).input.prices).toHaveLength(5);
  });
});

describe('server field paths', () => {
  test('parses paths', () => {
    expect(parseFieldPath('prices[3].toWeight')).toEqual({ root: 'prices', index: 3, field: 'toWeight' });
    expect(parseFieldPath('zones[0].countries[1]')).toEqual({ root: 'zones', index: 0, field: 'countries' });
    expect(parseFieldPath('code')).toEqual({ root: 'code' });
    expect(parseFieldPath('')).toBeUndefined();
  });

  test('header fields', () => {
    const { draft, origins } = sent();
    expect(locateServerField('currency', draft, origins)).toEqual({ key: 'currency', section: 'basics' });
    expect(locateServerField('effectiveFrom', draft, origins)).toEqual({ key: 'effectiveFrom', section: 'basics' });
  });

  test('prices[i] map to the cell sent at i, weights to its row', () => {
    const { draft, origins } = sent();
    // Sent order: row 0-0.5 (Z1, Z2), row 0.5-20 (Z1), row 0.5-30 (Z2), row 20-30 (Z1).
    const [z1, z2] = draft.zones;
    const rows = draft.brackets;
    expect(locateServerField('prices[3].toWeight', draft, origins)).toEqual({ key: errorKeys.bracket(rows[2]!.key, 'toWeight'), section: 'prices' });
    expect(locateServerField('prices[1].price', draft, origins)).toEqual({ key: errorKeys.cell(rows[0]!.key, z2!.key, 'price'), section: 'prices' });
    expect(locateServerField('prices[4].zone', draft, origins)).toEqual({ key: errorKeys.cell(rows[3]!.key, z1!.key, 'zone'), section: 'prices' });
    expect(locateServerField('prices[2]', draft, origins)).toEqual({ key: errorKeys.cell(rows[1]!.key, z1!.key), section: 'prices' });
    expect(locateServerField('prices[99].price', draft, origins)).toEqual({ key: 'prices', section: 'prices' });
  });

  test('rounding, zones and surcharges by index', () => {
    const { draft, origins } = sent();
    expect(locateServerField('weightRounding[1].increment', draft, origins)).toEqual({
      key: errorKeys.rounding(draft.rounding[1]!.key, 'increment'),
      section: 'basics',
    });
    expect(locateServerField('zones[0].countries', draft, origins)).toEqual({ key: errorKeys.zone(draft.zones[0]!.key, 'countries'), section: 'zones' });
    expect(locateServerField('zones[1].countries[0]', draft, origins)).toEqual({ key: errorKeys.zone(draft.zones[1]!.key, 'countries'), section: 'zones' });
    expect(locateServerField('surcharges[2].amount', draft, origins)).toEqual({ key: errorKeys.surcharge(draft.surcharges[2]!.key, 'amount'), section: 'surcharges' });
    expect(locateServerField('somethingElse', draft, origins)).toBeUndefined();
  });

  test('cell errors and section counts', () => {
    const errors = { [errorKeys.cell('b1', 'z1', 'price')]: 'bad', [errorKeys.cell('b1', 'z1')]: 'whole', [errorKeys.cell('b1', 'z2', 'price')]: 'other', code: 'x' };
    expect(cellErrors(errors, 'b1', 'z1')).toEqual({ price: 'bad', '': 'whole' });
    expect(countBySection(errors)).toEqual({ basics: 1, zones: 0, prices: 3, surcharges: 0 });
  });
});

describe('checks before saving (core, as the server would answer)', () => {
  test('a saved card passes', () => {
    expect(validateDraft(valid(), 'en-US')).toEqual([]);
  });

  test('an empty card needs code, name, a zone and a price', () => {
    const draft = emptyDraft(new Date(2026, 0, 1));
    expect(issueKeys(draft)).toEqual(['code:Code is required!', 'name:Name is required!', 'zones:Zone is required!', 'prices:Price is required!']);
    expect(draft.effectiveFrom).toBe('2026-01-01');
    expect(validateDraft(draft, 'zh-CN').map((issue) => issue.message)).toEqual(['编码不能为空!', '名称不能为空!', '分区不能为空!', '价格不能为空!']);
  });

  test('header, rounding and zones', () => {
    const draft = valid();
    draft.code = '1-BAD';
    draft.currency = 'US';
    draft.effectiveFrom = '2026/01/01';
    draft.rounding[1]!.upTo = '1e3';
    draft.rounding[0]!.increment = '-1';
    draft.zones[1]!.code = 'Z1';
    draft.zones[1]!.postalPrefixes = ['9*9'];
    draft.zones[0]!.countries = [];
    const [b0, , b2] = draft.brackets;
    expect(issueKeys(draft)).toEqual([
      'code:A code has 2 to 32 letters, digits, underscores or hyphens and starts with a letter!',
      'effectiveFrom:Effective from is not a valid date!',
      'currency:The currency is a 3-letter ISO 4217 code!',
      `${errorKeys.rounding(draft.rounding[0]!.key, 'increment')}:Weight must not be negative!`,
      `${errorKeys.rounding(draft.rounding[1]!.key, 'upTo')}:Weight must be a valid number!`,
      `${errorKeys.zone(draft.zones[0]!.key, 'countries')}:Country/region is required!`,
      `${errorKeys.zone(draft.zones[1]!.key, 'code')}:Zone code Z1 appears twice!`,
      `${errorKeys.zone(draft.zones[1]!.key, 'postalPrefixes')}:A postal code has letters, digits, spaces or hyphens; a prefix ends in *!`,
      // Both columns now price zone Z1: their brackets overlap.
      `${errorKeys.bracket(b0!.key, 'fromWeight')}:It overlaps another weight bracket of zone Z1!`,
      `${errorKeys.bracket(b2!.key, 'fromWeight')}:It overlaps another weight bracket of zone Z1!`,
    ]);
  });

  test('brackets and cells', () => {
    const draft = valid();
    const [z1] = draft.zones;
    const [first, second] = draft.brackets;
    first!.toWeight = '0';
    second!.cells[z1!.key] = { ...second!.cells[z1!.key]!, stepPrice: '', stepWeight: 'abc' };
    expect(issueKeys(draft)).toEqual([
      `${errorKeys.bracket(first!.key, 'toWeight')}:The upper weight must be above the lower weight!`,
      `${errorKeys.cell(second!.key, z1!.key, 'stepWeight')}:Weight must be a valid number!`,
      `${errorKeys.cell(second!.key, z1!.key, 'stepPrice')}:Price is required!`,
    ]);
  });

  test('overlapping brackets of one zone', () => {
    const draft = valid();
    const [, z2] = draft.zones;
    // Z2 has 0–0.5 and 0.5–30; a price at 20–30 overlaps the second.
    const last = draft.brackets[3]!;
    last.cells[z2!.key] = { ...emptyCell(), price: '1' };
    expect(issueKeys(draft)).toEqual([`${errorKeys.bracket(last.key, 'fromWeight')}:It overlaps another weight bracket of zone Z2!`]);
  });

  test('a card needs a price; zero steps and increments are allowed', () => {
    const draft = valid();
    draft.rounding[0]!.increment = '0';
    const [z1] = draft.zones;
    const cell = draft.brackets[1]!.cells[z1!.key]!;
    draft.brackets[1]!.cells[z1!.key] = { ...cell, stepWeight: '0' };
    expect(issueKeys(draft)).toEqual([]);
    expect(issueKeys({ ...draft, brackets: [] })).toEqual(['prices:Price is required!']);
  });

  test('surcharges', () => {
    const draft = valid();
    const remote = emptySurcharge('remoteArea');
    remote.countries = ['usa'];
    remote.postalCodes = [];
    remote.amount = '5';
    const oversize = emptySurcharge('oversize');
    oversize.amount = '1';
    const fuel = emptySurcharge('fuel');
    draft.surcharges = [...draft.surcharges, remote, oversize, fuel];
    expect(issueKeys(draft)).toEqual([
      `${errorKeys.surcharge(remote.key, 'postalCodes')}:Postal code is required!`,
      `${errorKeys.surcharge(remote.key, 'countries')}:A country code is two upper-case letters (ISO 3166-1)!`,
      `${errorKeys.surcharge(oversize.key, 'maxSide')}:Enter a minimum or a maximum!`,
      `${errorKeys.surcharge(fuel.key, 'percent')}:Percent is required!`,
    ]);
  });

  test('one cell: the fields of its mode', () => {
    expect(validateCell({ ...emptyCell('firstAdditional'), firstWeight: '0.5', stepPrice: '-1' }, 'en-US')).toEqual({
      firstPrice: 'Price is required!',
      stepWeight: 'Weight is required!',
      stepPrice: 'Price must not be negative!',
    });
    expect(validateCell({ ...emptyCell('perKg'), price: '3' }, 'en-US')).toEqual({});
    expect(validateCell({ ...emptyCell(), price: '1.23456' }, 'zh-CN')).toEqual({ price: '价格最多保留4位小数!' });
  });

  test('tags: country codes and postal codes or prefixes', () => {
    expect(['US', 'us', 'USA', 'U1'].map(isCountryCode)).toEqual([true, false, false, false]);
    expect(['99*', 'SW1A', '9*9', 'A B', '1'.repeat(21)].map(isPostalCode)).toEqual([true, true, false, false, false]);
  });
});

describe('edits', () => {
  test('removing a zone drops its column; cells are set, cleared and copied along a row', () => {
    const draft = detailToDraft(DETAIL);
    const [z1, z2] = draft.zones;
    expect(pricedCells(draft.brackets, z1!.key)).toBe(3);
    expect(priceCount(draft)).toBe(5);
    const without = removeZone(draft, z1!.key);
    expect(without.zones).toHaveLength(1);
    expect(priceCount(without)).toBe(2);
    expect(without.brackets.every((b) => !(z1!.key in b.cells))).toBe(true);

    const row = draft.brackets[1]!;
    const cleared = setCell(draft.brackets, row.key, z1!.key, undefined);
    expect(cleared[1]!.cells[z1!.key]).toBeUndefined();
    expect(cleared[0]).toBe(draft.brackets[0]);
    const set = setCell(cleared, row.key, z2!.key, { ...emptyCell(), price: '9' });
    expect(set[1]!.cells[z2!.key]?.price).toBe('9');
    const copied = setRow(draft.brackets, row.key, draft.zones, { ...emptyCell('perKg'), price: '4' });
    expect(Object.values(copied[1]!.cells).map((c) => `${c.mode}:${c.price}`)).toEqual(['perKg:4', 'perKg:4']);
  });
});
