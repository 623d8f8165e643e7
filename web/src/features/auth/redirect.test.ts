import { describe, expect, test } from 'vitest';
import { loginPathFor, safeRedirect } from './redirect';

describe('redirects', () => {
  test('only paths of this app are followed after sign-in', () => {
    expect(safeRedirect('/dashboard/analysis?tab=1')).toBe('/dashboard/analysis?tab=1');
    expect(safeRedirect(null)).toBe('/dashboard/analysis');
    expect(safeRedirect('https://evil.example')).toBe('/dashboard/analysis');
    expect(safeRedirect('//evil.example')).toBe('/dashboard/analysis');
    expect(safeRedirect('/user/login')).toBe('/dashboard/analysis');
  });

  test('the login path carries the target encoded', () => {
    expect(loginPathFor('/dashboard/analysis')).toBe('/user/login?redirect=%2Fdashboard%2Fanalysis');
  });
});
