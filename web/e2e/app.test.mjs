// End-to-end: the built web app served by the real server, in Chromium.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { appSuite, closeContext, newPage, screenshot } from './support.mjs';

const suite = appSuite();

const LOGIN_URL = /\/user\/login\?redirect=%2Fdashboard%2Fanalysis$/;

async function cookieLanguage(context) {
  return (await context.cookies()).find((c) => c.name === 'client_lang')?.value;
}

async function switchLanguage(page, language) {
  await page.getByTestId('language-switch').click();
  await page.getByTestId(`language-${language}`).click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
}

describe('boot', () => {
  for (const locale of ['zh-CN', 'en-US']) {
    test(`/ ends on the login page with a redirect query (${locale} suite.browser)`, async () => {
      const { context, page } = await newPage(suite.browser, suite.app.baseUrl, { locale });
      await page.goto('/');
      await page.waitForURL(LOGIN_URL);
      const card = page.getByTestId('login-card');
      await card.waitFor();
      const zh = locale === 'zh-CN';
      await page.getByText(zh ? '物流管理平台' : 'Logistics Platform', { exact: true }).first().waitFor();
      await card.getByRole('tab', { name: zh ? '账号密码登录' : 'Password' }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), locale);
      await screenshot(page, `login-${locale}`);
      await page.getByTestId('tab-phone').click();
      await page.getByTestId('phone-login-form').waitFor();
      await screenshot(page, `login-phone-${locale}`);
      await closeContext(context);
    });
  }

  test('a browser in another language falls back to English', async () => {
    const { context, page } = await newPage(suite.browser, suite.app.baseUrl, { locale: 'fr-FR' });
    await page.goto('/user/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await closeContext(context);
  });
});

describe('language switch', () => {
  test('switching changes the texts, sets client_lang and survives a reload', async () => {
    const { context, page } = await newPage(suite.browser, suite.app.baseUrl, { locale: 'zh-CN' });
    await page.goto('/user/login');
    await page.getByRole('button', { name: '登录' }).waitFor();

    await switchLanguage(page, 'en-US');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.getByText('Logistics Platform', { exact: true }).first().waitFor();
    assert.equal(await cookieLanguage(context), 'en-US');
    const cookie = (await context.cookies()).find((c) => c.name === 'client_lang');
    assert.equal(cookie.path, '/');
    assert.ok(cookie.expires * 1000 > Date.now() + 360 * 24 * 3600 * 1000, 'cookie lasts a year');

    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en-US');

    await switchLanguage(page, 'zh-CN');
    await page.getByRole('button', { name: '登录' }).waitFor();
    assert.equal(await cookieLanguage(context), 'zh-CN');
    await closeContext(context);
  });
});

describe('client validation (WASM core)', () => {
  test('empty submit shows required errors that follow the language', async () => {
    const { context, page } = await newPage(suite.browser, suite.app.baseUrl, { locale: 'zh-CN' });
    await page.goto('/user/login');
    await page.getByTestId('login-submit').click();
    await page.getByText('用户名不能为空!').waitFor();
    await page.getByText('密码不能为空!').waitFor();
    await screenshot(page, 'login-errors-zh-CN');

    await switchLanguage(page, 'en-US');
    await page.getByText('Username is required!').waitFor();
    await page.getByText('Password is required!').waitFor();
    await screenshot(page, 'login-errors-en-US');
    await closeContext(context);
  });

  test('Enter submits the form from the keyboard', async () => {
    const { context, page } = await newPage(suite.browser, suite.app.baseUrl, { locale: 'en-US' });
    await page.goto('/user/login');
    await page.getByPlaceholder('Enter your username').focus();
    await page.keyboard.press('Enter');
    await page.getByText('Username is required!').waitFor();
    await closeContext(context);
  });

  test('a bad phone number is refused before any code is requested', async () => {
    const { context, page } = await newPage(suite.browser, suite.app.baseUrl, { locale: 'zh-CN' });
    await page.goto('/user/login');
    await page.getByTestId('tab-phone').click();
    await page.getByPlaceholder('请输入手机号').fill('12345');
    let smsRequested = false;
    page.on('request', (request) => {
      if (request.url().includes('/boot/sys/sms')) smsRequested = true;
    });
    await page.getByTestId('get-code').click();
    await page.getByText('您的手机号码格式不正确!').waitFor();
    await screenshot(page, 'login-phone-error-zh-CN');
    assert.equal(smsRequested, false);
    await closeContext(context);
  });
});

describe('sign-in against the server', () => {
  test('wrong credentials show the server message inline', async () => {
    const { context, page } = await newPage(suite.browser, suite.app.baseUrl, { locale: 'zh-CN' });
    await page.goto('/user/login');
    await page.getByPlaceholder('请输入用户名').fill('admin');
    await page.getByPlaceholder('请输入密码').fill('not-the-password');
    const response = page.waitForResponse((r) => r.url().includes('/boot/sys/login'));
    await page.getByTestId('login-submit').click();
    const answered = await response;
    const body = await answered.json();
    assert.equal(body.success, false);
    const alert = page.getByTestId('login-error');
    await alert.waitFor();
    assert.ok(body.message, 'the server answers with a message');
    assert.match(await alert.innerText(), /\S/);
    assert.equal(await answered.request().headerValue('accept-language'), 'zh-CN');
    assert.equal(await answered.request().headerValue('tenant-id'), '0');
    await screenshot(page, 'login-server-error-zh-CN');
    await closeContext(context);
  });

  test('a valid phone number requests a code via POST /boot/sys/sms', async () => {
    const { context, page } = await newPage(suite.browser, suite.app.baseUrl, { locale: 'en-US' });
    await page.goto('/user/login');
    await page.getByTestId('tab-phone').click();
    await page.getByPlaceholder('Enter your phone number').fill('13800138000');
    const response = page.waitForResponse((r) => r.url().endsWith('/boot/sys/sms') && r.request().method() === 'POST');
    await page.getByTestId('get-code').click();
    const body = await (await response).json();
    await page.getByTestId('toast').first().waitFor();
    const toast = await page.getByTestId('toast').first().innerText();
    assert.ok(toast.includes(body.message), `toast shows the server message: ${toast}`);
    await page.waitForTimeout(600); // let the toast finish entering
    await screenshot(page, 'login-sms-en-US');
    await closeContext(context);
  });
});

describe('exception pages', () => {
  test('signed out, an unknown path asks for sign-in; the 404 page leads home', async () => {
    const { context, page } = await newPage(suite.browser, suite.app.baseUrl, { locale: 'zh-CN' });
    await page.goto('/no/such/page');
    await page.waitForURL(/\/user\/login\?redirect=%2Fno%2Fsuch%2Fpage$/);
    await page.goto('/404');
    await page.getByTestId('exception-404').waitFor();
    await page.getByRole('heading', { name: '页面不存在' }).waitFor();
    await page.getByTestId('back-home').click();
    await page.waitForURL(LOGIN_URL);
    await closeContext(context);
  });

  for (const locale of ['zh-CN', 'en-US']) {
    test(`403, 404 and 500 render in ${locale}`, async () => {
      const { context, page } = await newPage(suite.browser, suite.app.baseUrl, { locale });
      for (const code of ['403', '404', '500']) {
        await page.goto(`/${code}`);
        await page.getByTestId(`exception-${code}`).waitFor();
        await page.getByTestId('back-home').waitFor();
        await screenshot(page, `exception-${code}-${locale}`);
      }
      await closeContext(context);
    });
  }
});

describe('session guard', () => {
  test('a token the server refuses ends on the login page with the "sign-in expired" dialog', async () => {
    const { context, page } = await newPage(suite.browser, suite.app.baseUrl, { locale: 'zh-CN' });
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('Access-Token', JSON.stringify({ value: 'e2e-token', expires: Date.now() + 60_000 }));
      }
    });
    const refused = page.waitForResponse((r) => r.url().includes('getUserPermissionByToken'));
    await page.goto('/account/center');
    assert.equal((await refused).status(), 401);
    await page.waitForURL(/\/user\/login\?redirect=%2Faccount%2Fcenter$/);
    const dialog = page.getByTestId('session-expired');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /登录已过期[\s\S]*很抱歉，登录已过期，请重新登录/);
    await screenshot(page, 'session-expired-zh-CN');
    await page.getByTestId('sign-in-again').click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await page.evaluate(() => localStorage.getItem('Access-Token')), null);
    await closeContext(context);
  });
});

describe('mobile (390×844)', () => {
  for (const locale of ['zh-CN', 'en-US']) {
    test(`the login card fills the width without horizontal scrolling (${locale})`, async () => {
      const { context, page } = await newPage(suite.browser, suite.app.baseUrl, { locale, viewport: { width: 390, height: 844 } });
      await page.goto('/user/login');
      const card = page.getByTestId('login-card');
      await card.waitFor();
      const box = await card.boundingBox();
      assert.ok(box.width >= 390 - 2 * 24 && box.width <= 390, `card width ${box.width}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `page overflows by ${overflow}px`);
      await screenshot(page, `login-mobile-${locale}`);
      await page.getByTestId('tab-phone').click();
      await page.getByTestId('phone-login-form').waitFor();
      await screenshot(page, `login-mobile-phone-${locale}`);
      await closeContext(context);
    });
  }
});
