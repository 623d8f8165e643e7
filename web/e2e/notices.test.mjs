// End-to-end: announcements and live notices, dictionaries, categories, countries and logs.
// An administrator releases an announcement and a signed-in user's bell changes without a reload;
// opening it marks it read; in both languages. Every page of the issue is photographed in both
// languages on a desktop and a phone. Real server, Chromium.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ADMIN_PASSWORD, appSuite, closeContext, newPage, screenshot } from './support.mjs';

let adminToken;

const suite = appSuite(async ({ apiLogin }) => {
  adminToken = await apiLogin('admin', ADMIN_PASSWORD);
});

const LOCALES = ['zh-CN', 'en-US'];
const PHONE = { width: 390, height: 844 };
const READER_PASSWORD = 'Reader@2026';

/** The API as the administrator unless another token is given (`token: undefined`: none). */
const api = (method, path, options = {}) => suite.api(method, path, { token: adminToken, ...options });
const apiLogin = (username, password) => suite.apiLogin(username, password);

async function signIn(page, username, password, to = '/dashboard/analysis') {
  await page.goto(to === '/dashboard/analysis' ? '/user/login' : `/user/login?redirect=${encodeURIComponent(to)}`);
  const form = page.getByTestId('password-login-form');
  await form.locator('input[autocomplete="username"]').fill(username);
  await form.locator('input[type="password"]').fill(password);
  const login = page.waitForResponse((r) => r.url().endsWith('/boot/sys/login'));
  await page.getByTestId('login-submit').click();
  assert.equal((await login).status(), 200);
  await page.waitForURL((url) => url.pathname === to);
}

/** The number on the bell (0 when the badge is hidden). */
async function badge(page) {
  const el = page.getByTestId('notice-badge');
  if ((await el.count()) === 0 || !(await el.isVisible())) return 0;
  return Number((await el.textContent()).replace('+', ''));
}

async function waitForBadge(page, expected, timeout = 5_000) {
  const deadline = Date.now() + timeout;
  let last;
  while (Date.now() < deadline) {
    last = await badge(page);
    if (last === expected) return;
    await page.waitForTimeout(100);
  }
  assert.equal(last, expected, 'bell badge');
}

async function tableLoaded(page, testId) {
  await page.getByTestId(testId).waitFor();
  await page.waitForFunction((id) => {
    const root = document.querySelector(`[data-testid="${id}"]`);
    if (!root || root.querySelector('[data-testid="skeleton-row"]')) return false;
    return root.querySelector(`[data-testid="${id}-row"]`) !== null || root.querySelector('tbody td[colspan]') !== null;
  }, testId);
}

const TEXT = {
  'zh-CN': { released: '发布成功' },
  'en-US': { released: 'Released' },
};

describe('announcements reach a signed-in user live', () => {
  for (const locale of LOCALES) {
    test(`release → badge → open → read (${locale})`, async () => {
      const username = `reader_${locale.slice(0, 2)}`;
      await api('POST', '/sys/user/add', {
        body: { username, realname: `Reader ${locale}`, password: READER_PASSWORD, selectedroles: 'role_customer_1' },
      });
      const title = locale === 'zh-CN' ? `仓库停运通知 ${Date.now()}` : `Warehouse closure ${Date.now()}`;
      const draft = await api('POST', '/sys/annountCement/add', {
        body: { titile: title, msgContent: '<p>The <b>Shenzhen</b> warehouse closes on Monday.</p>', priority: 'H', msgCategory: '1', msgType: 'ALL' },
      });

      const reader = await newPage(suite.browser, suite.app.baseUrl, { locale });
      const admin = await newPage(suite.browser, suite.app.baseUrl, { locale });
      try {
        await signIn(reader.page, username, READER_PASSWORD);
        await reader.page.getByTestId('notice-bell').waitFor();
        // What the server says is unread (earlier tests' announcements to everyone included), and
        // the bell showing it: the list has loaded and the socket is open before the release.
        const readerToken = await apiLogin(username, READER_PASSWORD);
        const bellNow = await api('GET', '/sys/annountCement/listByUser', { token: readerToken });
        const unread = bellNow.anntMsgTotal + bellNow.sysMsgTotal;
        await waitForBadge(reader.page, unread);
        await reader.page.waitForTimeout(500);

        await signIn(admin.page, 'admin', ADMIN_PASSWORD, '/system/annountCement');
        await tableLoaded(admin.page, 'announcement-table');
        const row = admin.page.getByTestId('announcement-table-row').filter({ hasText: title });
        await row.getByTestId('announcement-release').click();
        await admin.page.getByTestId('announcement-release-confirm-confirm').click();
        await admin.page.getByTestId('toast').filter({ hasText: TEXT[locale].released }).first().waitFor();

        // No reload: the socket tells the bell, which reloads its list.
        const released = Date.now();
        await waitForBadge(reader.page, unread + 1, 3_000);
        assert.ok(Date.now() - released < 3_000);

        await reader.page.getByTestId('notice-bell').click();
        await reader.page.getByTestId('notice-popover').waitFor();
        await screenshot(reader.page, `notice-bell-${locale}`, { fullPage: false });
        await reader.page.getByTestId('notice-item').filter({ hasText: title }).click();
        await reader.page.getByTestId('notice-detail').waitFor();
        assert.equal((await reader.page.getByTestId('notice-detail-title').textContent()).trim(), title);
        assert.match(await reader.page.getByTestId('notice-detail-content').innerHTML(), /<b>Shenzhen<\/b>/);
        await reader.page.waitForTimeout(400);
        await screenshot(reader.page, `notice-detail-${locale}`, { fullPage: false });
        await reader.page.getByTestId('notice-detail-close').click();
        await waitForBadge(reader.page, unread);

        const mine = await api('GET', `/sys/sysAnnouncementSend/getMyAnnouncementSend?titile=${encodeURIComponent(title)}`, { token: readerToken });
        assert.equal(mine.records[0].readFlag, 1, 'marked read on the server');
        assert.equal(mine.records[0].anntId, draft.id);

        await reader.page.goto('/isps/userAnnouncement');
        await tableLoaded(reader.page, 'announcement-table');
        await screenshot(reader.page, `user-announcements-${locale}`);
      } finally {
        await closeContext(reader.context);
        await closeContext(admin.context);
      }
    });
  }
});

describe('every page of the issue, in both languages, on a desktop and a phone', () => {
  const PAGES = [
    ['/system/dict', 'dict-page', 'dict-table'],
    ['/system/category', 'category-page', null],
    ['/system/country', 'country-page', 'country-table'],
    ['/system/log', 'log-page', 'log-table'],
    ['/system/annountCement', 'announcement-page', 'announcement-table'],
    ['/isps/userAnnouncement', 'user-announcement-page', 'announcement-table'],
    ['/dashboard/analysis', null, null],
  ];
  for (const locale of LOCALES) {
    for (const [tag, viewport] of [
      ['desktop', undefined],
      ['phone', PHONE],
    ]) {
      test(`${locale} ${tag}`, async () => {
        await api('POST', '/sys/category/add', { body: { name: `分类 ${locale} ${tag}`, nameEn: `Category ${locale} ${tag}` } }).catch(() => {});
        const { context, page } = await newPage(suite.browser, suite.app.baseUrl, { locale, viewport });
        try {
          await signIn(page, 'admin', ADMIN_PASSWORD);
          for (const [path, pageId, tableId] of PAGES) {
            await page.goto(path);
            if (pageId) await page.getByTestId(pageId).waitFor();
            if (tableId) await tableLoaded(page, tableId);
            await page.waitForLoadState('networkidle');
            const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            assert.ok(wide <= 0, `${path} scrolls sideways by ${wide}px on ${tag}`);
            await screenshot(page, `${path.replaceAll('/', '_').slice(1)}-${locale}-${tag}`);
          }
          // The dictionary items drawer of a seeded dictionary.
          await page.goto('/system/dict');
          await tableLoaded(page, 'dict-table');
          // Seeded dictionaries share one create time; find it by name rather than by its place on page 1.
          await page.getByTestId('dict-search-name').fill('Priority');
          await page.getByTestId('dict-search-submit').click();
          await page.getByTestId('dict-table-row').filter({ hasText: 'priority' }).getByTestId('dict-items').click();
          await page.waitForTimeout(600);
          await screenshot(page, `dict-items-${locale}-${tag}`, { fullPage: false });
          // The announcement editor.
          await page.goto('/system/annountCement');
          await tableLoaded(page, 'announcement-table');
          await page.getByTestId('announcement-add').click();
          await page.waitForTimeout(600);
          await screenshot(page, `announcement-form-${locale}-${tag}`, { fullPage: false });
        } finally {
          await closeContext(context);
        }
      });
    }
  }
});
