import { describe, expect, test } from 'vitest';
import { withoutErrors } from './editing';

describe('clearing messages', () => {
  test('a key clears itself and the keys below it, nothing else', () => {
    const errors = { 'cell.b1.z1': 'a', 'cell.b1.z1.price': 'b', 'cell.b1.z10': 'c', code: 'd' };
    expect(withoutErrors(errors, ['cell.b1.z1'])).toEqual({ 'cell.b1.z10': 'c', code: 'd' });
    expect(withoutErrors(errors, ['name'])).toBe(errors);
    expect(withoutErrors(errors, [])).toBe(errors);
  });
});
