import { describe, expect, test } from 'vitest';
import fixture from '../../../../../core/tests/fixtures/quote_bundle.json';
import type { ForecastResult } from '../../../core';
import { builtInDestinations, postalVerdict, searchDestinations, type Destination } from './countries';
import { bundleFacts, emptyForm, isStarted, onlyProduct, parcelTotals, toShipment } from './model';

const D = (code: string, nameZh: string, nameEn: string, postalPattern: string | null = null): Destination => ({ code, nameZh, nameEn, postalPattern });
const LIST = [D('US', '美国', 'United States'), D('AU', '澳大利亚', 'Australia'), D('AT', '奥地利', 'Austria'), D('RU', '俄罗斯', 'Russia')];

describe('forecast form', () => {
  test('the shipment passes the text as typed; empty quantity is one, empty currency is any', () => {
    const form = { ...emptyForm(), countryCode: 'US', postalCode: ' 10001 ' };
    form.parcels = [{ ...form.parcels[0]!, length: '30 ', width: '20', height: '10', weight: '2', quantity: '' }];
    expect(toShipment(form)).toEqual({
      countryCode: 'US',
      postalCode: '10001',
      tradeType: 'B2C',
      parcels: [{ length: '30', width: '20', height: '10', weight: '2', quantity: '1' }],
      declaredValue: undefined,
      currency: undefined,
    });
    expect(toShipment({ ...form, declaredValue: '100', currency: 'USD' })).toMatchObject({ declaredValue: '100', currency: 'USD' });
  });

  test('prices are asked for once there is a destination and something in a parcel', () => {
    const form = emptyForm();
    expect(isStarted(form)).toBe(false);
    expect(isStarted({ ...form, countryCode: 'US' })).toBe(false);
    expect(isStarted({ ...form, countryCode: 'US', parcels: [{ ...form.parcels[0]!, weight: '1' }] })).toBe(true);
  });

  test('parcel totals count readable rows only', () => {
    const row = emptyForm().parcels[0]!;
    expect(parcelTotals([{ ...row, weight: '1.25', quantity: '2' }, { ...row, weight: 'x' }, { ...row, weight: '1', quantity: '0' }])).toEqual({ pieces: 3, weight: 2.5 });
  });

  test('the bundle tells its currencies, products and served countries', () => {
    const facts = bundleFacts(JSON.stringify(fixture));
    expect(facts.currencies).toEqual(['USD']);
    expect(facts.products.map((p) => p.code)).toEqual(['EXP-US', 'ECO', 'FBA-ONLY']);
    expect([...facts.countries].toSorted()).toEqual(['DE', 'GB', 'US']);
    expect(bundleFacts('not json').products).toEqual([]);
  });

  test('one product only (the link from the product list)', () => {
    const result: ForecastResult = {
      ok: true,
      quotes: [{ channelProductId: '1', code: 'A', name: 'A', zone: 'Z', chargeableWeight: '1', lines: [], total: '1.00', currency: 'USD', breakdown: [] }],
      unavailable: [{ channelProductId: '2', code: 'B', name: 'B', reason: 'no' }],
    };
    expect(onlyProduct(result, 'B')).toEqual({ ok: true, quotes: [], unavailable: result.unavailable });
    expect(onlyProduct(result, undefined)).toBe(result);
  });
});

describe('destinations', () => {
  test('by code, then names that start with the text, then the rest; served first', () => {
    // "us" is the code of the United States, and inside Australia, Austria and Russia.
    const us = searchDestinations(LIST, 'us', 'zh-CN').map((d) => d.code);
    expect(us[0]).toBe('US');
    expect(us.slice(1).toSorted()).toEqual(['AT', 'AU', 'RU']);
    expect(searchDestinations(LIST, 'Au', 'en-US').map((d) => d.code)).toEqual(['AU', 'AT']);
    expect(searchDestinations(LIST, 'Au', 'en-US', new Set(['AT'])).map((d) => d.code)).toEqual(['AU', 'AT']);
    expect(searchDestinations(LIST, 'a', 'en-US', new Set(['AT'])).map((d) => d.code)[0]).toBe('AT');
    expect(searchDestinations(LIST, '奥', 'zh-CN').map((d) => d.code)).toEqual(['AT']);
    expect(searchDestinations(LIST, '', 'zh-CN')).toHaveLength(4);
  });

  test('postal codes are upper-cased and matched; no pattern or no code: nothing to say', () => {
    expect(postalVerdict('^[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z]{2}$', 'sw1a 1aa')).toBe('ok');
    expect(postalVerdict('^\\d{5}$', '1234')).toBe('bad');
    expect(postalVerdict(null, '1234')).toBeUndefined();
    expect(postalVerdict('^\\d{5}$', ' ')).toBeUndefined();
    expect(postalVerdict('([', '1')).toBeUndefined();
  });

  test('the built-in list has names in both languages', () => {
    const us = builtInDestinations().find((d) => d.code === 'US')!;
    expect(us.nameEn).toBe('United States');
    expect(us.nameZh).toBe('美国');
  });
});
