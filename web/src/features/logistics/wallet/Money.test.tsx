import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../api/client';
import { addAmounts, amountSign, formatAmount, subtractAmounts } from './Money';
import { idempotentRunner, newIdempotencyKey } from './idempotency';
import { creditLimitRule } from './rules';

describe('money', () => {
  test('amounts are shown exactly, in the places written, grouped for the reader', () => {
    expect(formatAmount('1234567.50', 'zh-CN')).toBe('1,234,567.50');
    expect(formatAmount('1234567.50', 'en-US')).toBe('1,234,567.50');
    expect(formatAmount('300', 'en-US')).toBe('300');
    expect(formatAmount('-0.10', 'en-US')).toBe('-0.10');
    // Beyond a float's precision: still exact.
    expect(formatAmount('99999999999.99', 'en-US')).toBe('99,999,999,999.99');
    expect(formatAmount('12.50', 'en-US', true)).toBe('+12.50');
    expect(formatAmount('0.00', 'en-US', true)).toBe('0.00');
    expect(formatAmount('n/a', 'en-US')).toBe('n/a');
  });

  test('signs and sums of decimal texts, without floats', () => {
    expect([amountSign('-0.01'), amountSign('0.00'), amountSign('-0'), amountSign('3'), amountSign('x')]).toEqual([-1, 0, 0, 1, 0]);
    expect(addAmounts('0.10', '0.20')).toBe('0.30');
    expect(addAmounts('1234.50', '-34.50')).toBe('1200.00');
    expect(addAmounts('10', '-10.5')).toBe('-0.5');
    expect(addAmounts('99999999999.99', '0.01')).toBe('100000000000.00');
    expect(subtractAmounts('1634.50', '500.00')).toBe('1134.50');
    expect(subtractAmounts('1', '-2')).toBe('3');
    expect(addAmounts('1', 'x')).toBeUndefined();
  });

  test('a credit limit may be zero; its places are the currency’s', () => {
    const rule = creditLimitRule(() => 'CNY', 'required');
    expect(rule('')).toBe('required');
    expect(rule('0')).toBe(true);
    expect(rule('0.00')).toBe(true);
    expect(rule('500.5')).toBe(true);
    expect(rule('0.001')).toBe('金额最多保留2位小数!');
    expect(creditLimitRule(() => 'JPY', 'required')('0.5')).not.toBe(true);
  });
});

describe('idempotency keys', () => {
  test('fresh keys are 32 hex digits', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  test('the same body keeps its key across a lost answer; another body or a definitive refusal gets a new one', async () => {
    const runner = idempotentRunner();
    const keys: string[] = [];
    const fail = (status: number) => async (key: string) => {
      keys.push(key);
      throw new ApiError(status, 'failed');
    };
    const pass = async (key: string) => {
      keys.push(key);
      return key;
    };
    await expect(runner.run({ amount: '1' }, fail(0))).rejects.toThrow('failed');
    await expect(runner.run({ amount: '1' }, fail(504))).rejects.toThrow('failed');
    await expect(runner.run({ amount: '1' }, fail(409))).rejects.toThrow('failed');
    await runner.run({ amount: '1' }, pass);
    expect(new Set(keys).size).toBe(1);

    await runner.run({ amount: '2' }, pass);
    expect(keys[4]).not.toBe(keys[3]);

    await expect(runner.run({ amount: '2' }, fail(400))).rejects.toThrow('failed');
    await runner.run({ amount: '2' }, pass);
    expect(keys[6]).not.toBe(keys[5]);
    // Each runner (each opened dialog) starts afresh.
    await idempotentRunner().run({ amount: '2' }, pass);
    expect(keys[7]).not.toBe(keys[6]);
  });
});
