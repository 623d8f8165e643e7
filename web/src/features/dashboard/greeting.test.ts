import { describe, expect, test } from 'vitest';
import { dayPeriod } from './greeting';

describe('greeting', () => {
  test('welcome greeting follows the hour', () => {
    expect([8, 9, 11, 12, 13, 14, 19, 20].map(dayPeriod)).toEqual([
      'morning',
      'forenoon',
      'forenoon',
      'noon',
      'noon',
      'afternoon',
      'afternoon',
      'evening',
    ]);
  });
});
