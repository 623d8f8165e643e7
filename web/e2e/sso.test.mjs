// End-to-end: single sign-on against a local provider (e2e/sso-provider.mjs: CAS 2.0 and OpenID
// Connect on one port), in both languages (real server, Chromium). The sign-in page offers both.
// CAS: the provider's form signs in `admin`, whose CAS name is the local user's, and the app comes
// back signed in. OpenID Connect: a provider user no local account is bound to yet lands on the
// bind form (a wrong password is refused and the form stays), binds to a staff account of its own with its password and
// is signed in; after signing out, the same provider user goes straight in. Each language run uses
// its own provider user: bindings stay in the server's database. The account settings list the
// binding and unbind it after a confirmation; the provider user then has to bind again.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD, appSuite, closeContext, screenshot } from './support.mjs';

const LOCALES = (process.env.E2E_LOCALES ?? 'zh-CN,en-US').split(',');
const HOME = '/dashboard/analysis';
const LOCAL_PASSWORD = 'Bind@20261';

const TEXT = {
  'zh-CN': {
    cas: 'CAS 单点登录',
    oidc: '使用 TestID 登录',
    unbound: (name) => `第三方账号“${name}”尚未绑定本系统账号`,
    bindTitle: '绑定本系统账号',
    unbindConfirm: '确定解除绑定？',
  },
  'en-US': {
    cas: 'Sign in with CAS',
    oidc: 'Sign in with TestID',
    unbound: (name) => `The third-party account “${name}” is not bound to an account here yet`,
    bindTitle: 'Bind your account',
    unbindConfirm: 'Unbind this account?',
  },
};

/** The provider user of a language run (its OpenID subject is `sub-<username>`). */
const providerUser = (locale) => `alice-${locale.toLowerCase()}`;

/** Starts the provider; answers the child process and the port it prints. */
function startProvider() {
  const child = spawn(process.execPath, [join(dirname(fileURLToPath(import.meta.url)), 'sso-provider.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the SSO provider exited with code ${code}`)));
    createInterface({ input: child.stdout }).once('line', (line) => resolve({ child, port: JSON.parse(line).port }));
  });
}

let provider;
const suite = appSuite(undefined, {
  // The server has to know the provider's address when it starts: the provider starts first.
  env: async () => {
    provider = await startProvider();
    const base = `http://127.0.0.1:${provider.port}`;
    return {
      LOGISTICS_CAS_URL: `${base}/cas`,
      LOGISTICS_OIDC_ISSUER: `${base}/oidc`,
      LOGISTICS_OIDC_CLIENT_ID: 'logistics',
      LOGISTICS_OIDC_CLIENT_SECRET: 'logistics-test-secret',
      LOGISTICS_OIDC_NAME: 'TestID',
    };
  },
});

after(() => {
  provider?.child.kill();
});

const providerOrigin = () => `http://127.0.0.1:${provider.port}`;

/** The provider's sign-in form: type `username`, submit, and wait to be back in the app. */
async function providerSignIn(page, path, username) {
  await page.waitForURL((url) => url.origin === providerOrigin() && url.pathname === path);
  await page.getByTestId('sso-username').fill(username);
  await page.getByTestId('sso-submit').click();
  await page.waitForURL((url) => url.origin === suite.app.baseUrl);
}

/** The signed-in shell on the dashboard, and who the session is of. */
async function expectSignedIn(page, username) {
  await page.waitForURL((url) => url.pathname === HOME);
  await page.getByTestId('dashboard-welcome').waitFor();
  await page.getByTestId('user-menu').waitFor();
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('Login_Userinfo') ?? 'null')?.value);
  assert.equal(user?.username, username);
}

/** The sign-in page with both single sign-on buttons. */
async function openSignIn(page, text) {
  await page.goto('/user/login');
  await page.getByTestId('login-card').waitFor();
  assert.equal((await page.getByTestId('sso-cas').innerText()).trim(), text.cas);
  assert.equal((await page.getByTestId('sso-oidc').innerText()).trim(), text.oidc);
}

async function signOut(page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await page.getByTestId('sign-out-confirm').click();
  await page.waitForURL(/\/user\/login/);
  await page.getByTestId('login-card').waitFor();
}

describe('single sign-on', () => {
  for (const locale of LOCALES) {
    const text = TEXT[locale];

    test(`CAS round trip: the sign-in page, the CAS server, back signed in as admin (${locale})`, async () => {
      const { context, page } = await suite.open(locale);
      try {
        await openSignIn(page, text);
        await screenshot(page, `sso-sign-in-${locale}`);
        const href = await page.getByTestId('sso-cas').getAttribute('href');
        assert.ok(href.startsWith(`${providerOrigin()}/cas/login?service=`), href);
        assert.equal(new URL(href).searchParams.get('service'), `${suite.app.baseUrl}/sso/cas`);

        await page.getByTestId('sso-cas').click();
        await providerSignIn(page, '/cas/login', 'admin');
        await expectSignedIn(page, 'admin');
      } finally {
        await closeContext(context);
      }
    });

    test(`OpenID Connect: bind an unbound account with its password, then straight in (${locale})`, async () => {
      const username = providerUser(locale);
      // A staff account of this run's own: a user keeps one identity per provider.
      const local = `sso_${locale.slice(0, 2)}`;
      const token = await suite.apiLogin('admin', ADMIN_PASSWORD);
      await suite.api('POST', '/sys/user/add', {
        token,
        body: { username: local, realname: `SSO ${locale}`, password: LOCAL_PASSWORD, selectedroles: 'role_admin_1' },
      });
      const { context, page } = await suite.open(locale);
      try {
        await openSignIn(page, text);
        await page.getByTestId('sso-oidc').click();
        await providerSignIn(page, '/oidc/authorize', username);

        // Not bound yet: the server's message and the bind form.
        await page.waitForURL((url) => url.pathname === '/sso/third');
        const unbound = page.getByTestId('sso-unbound');
        await unbound.waitFor();
        assert.ok((await unbound.innerText()).includes(text.unbound(`${username} (SSO)`)), await unbound.innerText());
        await page.getByText(text.bindTitle, { exact: true }).waitFor();
        await screenshot(page, `sso-bind-${locale}`);

        // A wrong password is refused; the form stays.
        await page.getByTestId('sso-bind-username').fill(local);
        await page.getByTestId('sso-bind-password').fill('Wrong@12345');
        const refused = page.waitForResponse((r) => r.url().endsWith('/boot/thirdLogin/user/checkPassword'));
        await page.getByTestId('sso-bind-submit').click();
        assert.notEqual((await refused).status(), 200);
        await page.getByTestId('sso-bind-error').waitFor();
        await page.getByTestId('sso-bind-form').waitFor();

        // The right one binds and signs in.
        await page.getByTestId('sso-bind-password').fill(LOCAL_PASSWORD);
        const bound = page.waitForResponse((r) => r.url().endsWith('/boot/thirdLogin/user/checkPassword'));
        await page.getByTestId('sso-bind-submit').click();
        assert.equal((await bound).status(), 200, await (await bound).text());
        await expectSignedIn(page, local);

        // Signed out, the same provider user is bound now: straight in.
        await signOut(page);
        await page.getByTestId('sso-oidc').click();
        await providerSignIn(page, '/oidc/authorize', username);
        await expectSignedIn(page, local);
        assert.equal(await page.getByTestId('sso-bind-form').count(), 0);

        // The account settings list the binding; unbinding it (after a confirmation) sends the
        // provider user back to the bind form.
        await page.goto('/account/settings/base');
        const binding = page.getByTestId('third-account');
        await binding.waitFor();
        assert.ok((await binding.innerText()).includes('OpenID Connect'), await binding.innerText());
        await screenshot(page, `account-bindings-${locale}`);
        await binding.getByTestId('third-account-unbind').click();
        const confirm = page.getByTestId('confirm-dialog');
        await confirm.waitFor();
        assert.ok((await confirm.innerText()).includes(text.unbindConfirm), await confirm.innerText());
        const unbinding = page.waitForResponse((r) => r.url().includes('/boot/sys/thirdApp/deleteThirdAccount'));
        await confirm.getByTestId('confirm-dialog-confirm').click();
        assert.equal((await unbinding).status(), 200);
        await page.getByTestId('third-accounts-empty').waitFor();
        await screenshot(page, `account-bindings-empty-${locale}`);
        await signOut(page);
        await page.getByTestId('sso-oidc').click();
        await providerSignIn(page, '/oidc/authorize', username);
        await page.waitForURL((url) => url.pathname === '/sso/third');
        await page.getByTestId('sso-bind-form').waitFor();
      } finally {
        await closeContext(context);
      }
    });
  }
});
