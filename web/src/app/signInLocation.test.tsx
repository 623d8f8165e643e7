/**
 * The app starts on the sign-in page without react-router when a visitor without a session would
 * end up there (start.tsx); `signInLocation` must say exactly where the routes themselves send
 * such a visitor.
 */
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeServer } from '../test/api';
import { renderRoutes } from '../test/render';
import { routes } from './routes';
import { signInLocation } from './signInLocation';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Where the routes end up for a visitor without a session (after every redirect). */
async function routedLocation(path: string): Promise<string> {
  fakeServer({});
  const { router, unmount } = renderRoutes(routes, path);
  let last = '';
  let stable = 0;
  await waitFor(
    () => {
      const { location, navigation, initialized } = router.state;
      const now = location.pathname + location.search;
      stable = initialized && navigation.state === 'idle' && now === last ? stable + 1 : 0;
      last = now;
      expect(stable).toBeGreaterThan(3);
    },
    { timeout: 15_000, interval: 30 },
  );
  unmount();
  return last;
}

const SIGN_IN_PATHS = [
  '/',
  '/user',
  '/user/',
  '/user/login',
  '/user/login/',
  '/user/login?redirect=%2Faccount%2Fcenter&username=ann',
  '/USER/LOGIN',
  '/track/other',
  '/dashboard/analysis',
  '/account/center?tab=1',
  '/user/unknown',
  '/no/such/page',
];

const OTHER_PATHS = ['/user/register', '/User/Register/', '/user/register-result', '/user/alteration', '/sso/cas', '/sso/third?error=x', '/track', '/track/search', '/track/result?numbers=B2C1', '/403', '/404', '/500'];

describe('signInLocation', () => {
  test.each(SIGN_IN_PATHS)('%s: the sign-in URL the routes go to', async (path) => {
    const [pathname, search = ''] = path.split(/(?=\?)/);
    expect(signInLocation(pathname!, search)).toBe(await routedLocation(path));
  });

  test.each(OTHER_PATHS)('%s: another page, which the whole app shows', async (path) => {
    const [pathname, search = ''] = path.split(/(?=\?)/);
    expect(signInLocation(pathname!, search)).toBeNull();
    expect(await routedLocation(path)).not.toMatch(/^\/user\/login/);
  });
});
