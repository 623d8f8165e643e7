/**
 * The sign-in page before react-router loads (start.tsx) must be the very page the router shows
 * at /user/login, and hand every navigation over to the whole app.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fakeServer, USER_INFO } from '../test/api';
import { renderInApp, renderRoutes } from '../test/render';
import { routes } from './routes';
import SignInStage, { type LeaveSignIn } from './SignInStage';

const URL_WITH_REDIRECT = '/user/login?redirect=%2Faccount%2Fcenter';

beforeEach(() => {
  window.history.replaceState(null, '', URL_WITH_REDIRECT);
  // The page asks which single sign-on the server offers: none here.
  fakeServer({});
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

function renderStage() {
  const onLeave = vi.fn<LeaveSignIn>();
  const view = renderInApp(
    <Suspense fallback={null}>
      <SignInStage onLeave={onLeave} />
    </Suspense>,
  );
  return { ...view, onLeave };
}

/** The markup without the ids React makes up per render (`useId`). */
const withoutIds = (html: string) => html.replace(/«r[\da-z]+»|:r[\da-z]+:|_r_[\da-z]+_/g, 'ID');

describe('sign-in page before the router', () => {
  test('is the page the router shows, element for element', async () => {
    const stage = renderStage();
    await screen.findByTestId('login-card');
    const alone = withoutIds(stage.container.innerHTML);
    stage.unmount();
    const routed = renderRoutes(routes, URL_WITH_REDIRECT);
    await screen.findByTestId('login-card');
    expect(withoutIds(routed.container.innerHTML)).toBe(alone);
  });

  test('links hand over to the app (a modified click is left to the browser)', async () => {
    const { onLeave } = renderStage();
    fireEvent.click(await screen.findByText('注册账户'));
    expect(onLeave).toHaveBeenLastCalledWith('/user/register', false);
    fireEvent.click(screen.getByText('忘记密码'));
    expect(onLeave).toHaveBeenLastCalledWith('/user/alteration', false);
    onLeave.mockClear();
    fireEvent.click(screen.getByText('注册账户'), { ctrlKey: true });
    expect(onLeave).not.toHaveBeenCalled();
  });

  test('signing in hands over to the redirect query, replacing the sign-in entry', async () => {
    fakeServer({ 'POST /sys/login': { message: '登录成功', result: { token: 'jwt-token', userInfo: USER_INFO, tenantList: [] } } });
    const { onLeave } = renderStage();
    fireEvent.change(await screen.findByPlaceholderText('请输入用户名'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: 'Admin@12345' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(onLeave).toHaveBeenCalledWith('/account/center', true));
  });

  test('the tabs follow the arrow keys, and "remember me" toggles', async () => {
    renderStage();
    const passwordTab = await screen.findByTestId('tab-password');
    expect(passwordTab.getAttribute('aria-selected')).toBe('true');
    act(() => passwordTab.focus());
    fireEvent.keyDown(passwordTab, { key: 'ArrowRight' });
    await screen.findByTestId('phone-login-form');
    const phoneTab = screen.getByTestId('tab-phone');
    expect(phoneTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(phoneTab);
    expect(passwordTab.tabIndex).toBe(-1);
    expect(screen.queryByTestId('password-login-form')).toBeNull();

    const checkbox = screen.getByRole('checkbox');
    const control = document.querySelector('[data-scope=checkbox][data-part=control]')!;
    expect(control.getAttribute('data-state')).toBe('checked');
    fireEvent.click(screen.getByText('自动登录'));
    expect(control.getAttribute('data-state')).toBe('unchecked');
    expect((checkbox as HTMLInputElement).checked).toBe(false);
  });
});
