// End-to-end: gateway routes, in both languages (real server, Chromium). A local upstream (node:http,
// echoing what it was asked) is the one the operator allows (LOGISTICS_GATEWAY_UPSTREAMS). The
// platform admin opens System → Gateway routes through the menu; the add form hints the allowed
// upstream; an upstream off the list is refused by core (through WASM) under the field and no add
// request leaves the page; the allowed one is saved and listed (photographed, at 390 px too). A
// call to /boot/gateway/{route id}/orders/1 from the signed-in page reaches the upstream as
// /api/{locale}/orders/1, as `admin`, without the caller's token or cookies. Deleted through the
// list (after its confirmation), the route answers 404.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, describe, test } from 'node:test';
import { ADMIN_PASSWORD, appSuite, closeContext, menuPath, screenshot, signIn, tableLoaded } from './support.mjs';

const LOCALES = (process.env.E2E_LOCALES ?? 'zh-CN,en-US').split(',');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const REFUSED_URI = 'http://127.0.0.1:1/x';

const TEXT = {
  'zh-CN': {
    hint: '须在运维允许的上游地址之下：',
    notAllowed: '不在运维允许的范围内',
    name: '回声服务',
  },
  'en-US': {
    hint: 'Must lie under an upstream the operator allows:',
    notAllowed: 'is not among those the operator allows',
    name: 'Echo service',
  },
};

/** The route id of a language run (routes stay in the server's database). */
const routerIdOf = (locale) => `echo-${locale.slice(0, 2)}`;

/** The upstream: answers every call with what it saw of it. */
function startUpstream() {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const body = JSON.stringify({
        method: req.method,
        path: new URL(req.url, 'http://upstream').pathname,
        user: req.headers['x-logistics-user'],
        token: req.headers['x-access-token'] ?? null,
        cookie: req.headers.cookie ?? null,
      });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

let upstream;
/** The allowed upstream prefix, `http://127.0.0.1:<port>/api`. */
let allowed;
let admin;
const suite = appSuite(
  async (s) => {
    admin = await s.apiLogin('admin', ADMIN_PASSWORD);
  },
  {
    // The server reads the allowed upstreams when it starts: the upstream starts first.
    env: async () => {
      upstream = await startUpstream();
      allowed = `http://127.0.0.1:${upstream.address().port}/api`;
      return { LOGISTICS_GATEWAY_UPSTREAMS: allowed };
    },
  },
);

after(() => new Promise((resolve) => (upstream ? upstream.close(resolve) : resolve())));

/** Until the page's animations (a dialog opening) are over. */
const settled = (page) => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

/** The menu item of a page whose path is `path` (the server names routes by their path). */
const menuItem = (path) => `menu-item-${path.replace(/^\//, '').replaceAll('/', '-')}`;

/** A call through the gateway from the signed-in page, with its session token: status and body. */
const callGateway = (page, path) =>
  page.evaluate(async (target) => {
    const token = JSON.parse(localStorage.getItem('Access-Token')).value;
    const response = await fetch(target, { headers: { 'X-Access-Token': token } });
    const text = await response.text();
    return { status: response.status, text };
  }, path);

describe('gateway routes', () => {
  for (const locale of LOCALES) {
    const text = TEXT[locale];
    const routerId = routerIdOf(locale);

    test(`refuse an upstream off the allow-list, add one on it, call through it, delete it (${locale})`, async () => {
      const routesPath = await menuPath(suite, admin, 'system/GatewayRouteList');
      const { context, page } = await suite.open(locale, { viewport: DESKTOP });
      const adds = [];
      page.on('request', (request) => {
        if (request.url().includes('/sys/gatewayRoute/add')) adds.push(request.url());
      });
      try {
        await signIn(page, 'admin', ADMIN_PASSWORD, '/dashboard/analysis');

        // System → Gateway routes, through the top menu.
        await page.getByTestId('menu-group-system').click();
        await page.getByTestId(menuItem(routesPath)).click();
        await page.waitForURL((url) => url.pathname === routesPath);
        await tableLoaded(page, 'gateway-route-table');

        // The add form hints the allowed upstream.
        await page.getByTestId('gateway-route-add').click();
        const dialog = page.getByTestId('gateway-route-form');
        await dialog.waitFor();
        const hint = page.getByTestId('gateway-route-upstreams');
        await hint.waitFor();
        const hinted = await hint.innerText();
        assert.ok(hinted.includes(text.hint), hinted);
        assert.ok(hinted.includes(allowed), hinted);
        assert.equal(await page.getByTestId('gateway-route-no-upstreams').count(), 0);

        // An upstream off the list: core's message under the field, nothing sent.
        await page.getByTestId('gateway-route-router-id').fill(routerId);
        await page.getByTestId('gateway-route-name').fill(text.name);
        await page.getByTestId('gateway-route-uri').fill(REFUSED_URI);
        await page.getByTestId('gateway-route-form-submit').click();
        const uriError = page.getByTestId('gateway-route-uri-error');
        await uriError.filter({ hasText: text.notAllowed }).waitFor();
        assert.ok((await uriError.innerText()).includes(REFUSED_URI), await uriError.innerText());
        await settled(page);
        await screenshot(page, `gateway-route-form-${locale}`, { fullPage: false });
        assert.deepEqual(adds, [], 'no add request for a refused upstream');
        await dialog.waitFor();

        // The allowed one saves, and the route is listed.
        const uri = `${allowed}/${locale}`;
        await page.getByTestId('gateway-route-uri').fill(uri);
        await uriError.waitFor({ state: 'detached' });
        const saved = page.waitForResponse((r) => r.url().includes('/sys/gatewayRoute/add'));
        await page.getByTestId('gateway-route-form-submit').click();
        const answer = await saved;
        assert.equal(answer.status(), 200, await answer.text());
        assert.equal(adds.length, 1);
        assert.deepEqual(
          (({ routerId: id, uri: to, stripPrefix, status, roleCodes }) => ({ id, to, stripPrefix, status, roleCodes }))(JSON.parse(answer.request().postData())),
          { id: routerId, to: uri, stripPrefix: 1, status: 1, roleCodes: null },
        );
        await dialog.waitFor({ state: 'hidden' });
        const row = page.getByTestId('gateway-route-table-row').filter({ hasText: routerId });
        await row.waitFor();
        assert.ok((await row.innerText()).includes(text.name), await row.innerText());
        await screenshot(page, `gateway-routes-${locale}`);

        // At phone width: the list still fits the screen.
        await page.setViewportSize(PHONE);
        await row.waitFor();
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(wide <= 0, `the page scrolls sideways by ${wide}px at 390 px`);
        await screenshot(page, `gateway-routes-phone-${locale}`);
        await page.setViewportSize(DESKTOP);

        // A call through the route reaches the upstream under its URI, as admin, without the
        // caller's credentials.
        const call = await callGateway(page, `/boot/gateway/${routerId}/orders/1`);
        assert.equal(call.status, 200, call.text);
        const seen = JSON.parse(call.text);
        assert.deepEqual(seen, { method: 'GET', path: `/api/${locale}/orders/1`, user: 'admin', token: null, cookie: null });

        // Deleted through the list, after its confirmation: the route is gone.
        await row.getByTestId('gateway-route-delete').click();
        const confirm = page.getByTestId('gateway-route-delete-confirm');
        await confirm.waitFor();
        assert.ok((await confirm.innerText()).includes(`${routerId} ${text.name}`), await confirm.innerText());
        const deleted = page.waitForResponse((r) => r.url().includes('/sys/gatewayRoute/delete'));
        await page.getByTestId('gateway-route-delete-confirm-confirm').click();
        assert.equal((await deleted).status(), 200);
        await confirm.waitFor({ state: 'hidden' });
        await row.waitFor({ state: 'detached' });
        const gone = await callGateway(page, `/boot/gateway/${routerId}/orders/1`);
        assert.equal(gone.status, 404, gone.text);
      } finally {
        await closeContext(context);
      }
    });
  }
});
