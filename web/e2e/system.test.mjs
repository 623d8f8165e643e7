// End-to-end: system administration. Roles and grants decide menus and buttons, a main account's
// sub-accounts see less, freezing ends a session, batch actions need a selection, and every
// system page in both languages on a desktop and a phone. Real server, Chromium.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { ADMIN_PASSWORD, appSuite, closeContext, screenshot, tableLoaded } from './support.mjs';

let adminToken;

const suite = appSuite(async ({ apiLogin }) => {
  adminToken = await apiLogin('admin', ADMIN_PASSWORD);
});

const LOCALES = ['zh-CN', 'en-US'];
const PHONE = { width: 390, height: 844 };
/** Every item of the side menu (rendered or folded away). */
const SYSTEM_PAGES = ['system-user', 'system-role', 'system-permission', 'system-depart', 'system-tenant', 'system-position'];

const TEXT = {
  'zh-CN': { selectOne: '请选择一条记录', users: '用户管理', frozen: '冻结成功!' },
  'en-US': { selectOne: 'Please select one data', users: 'Users', frozen: 'Frozen!' },
};

// ---------------------------------------------------------------------------------------------
// The API, for set-up that is not under test (`api`, `apiLogin`: support.mjs).

/** Registers an enterprise customer (a main account) with the SMS code from the server's log. */
async function registerCustomer({ username, password, phone, email, company }) {
  const mark = suite.app.logMark();
  await suite.api('POST', '/sys/sms', { body: { mobile: phone, smsmode: '1' } });
  const smscode = await suite.app.smsCode(phone, mark);
  await suite.api('POST', '/sys/user/register', {
    body: {
      username,
      password,
      confirmPassword: password,
      phone,
      smscode,
      email,
      companyName: company,
      contactPerson: 'E2E Contact',
      country: 'CN',
      address: '1 Test Road',
    },
  });
}

// ---------------------------------------------------------------------------------------------
// The suite.browser.

/** `suite.open`, optionally in the side-menu layout. */
async function open(locale, { viewport, sideMenu = false } = {}) {
  const { context, page } = await suite.open(locale, { viewport });
  if (sideMenu) {
    await context.addInitScript(() => {
      if (!localStorage.getItem('APP_LAYOUT_SETTINGS')) localStorage.setItem('APP_LAYOUT_SETTINGS', JSON.stringify({ layout: 'sidemenu' }));
    });
  }
  return { context, page };
}

/** Signs in through the login page; `to` is where the app should land (default the dashboard). */
async function signIn(page, username, password, to = '/dashboard/analysis') {
  await page.goto(to === '/dashboard/analysis' ? '/user/login' : `/user/login?redirect=${encodeURIComponent(to)}`);
  const form = page.getByTestId('password-login-form');
  await form.locator('input[autocomplete="username"]').fill(username);
  await form.locator('input[type="password"]').fill(password);
  const login = page.waitForResponse((r) => r.url().endsWith('/boot/sys/login'));
  await page.getByTestId('login-submit').click();
  const answer = await login;
  assert.equal(answer.status(), 200, `sign-in of ${username}: ${await answer.text()}`);
  await page.waitForURL((url) => url.pathname === to);
}

async function signOut(page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await page.getByTestId('sign-out-confirm').click();
  await page.waitForURL(/\/user\/login/);
}

async function toast(page, text) {
  await page.getByTestId('toast').filter({ hasText: text }).first().waitFor();
}

/** The rows of `testId` holding `text` (case-sensitive: playwright's `hasText` ignores case). */
function rowWith(page, testId, text) {
  return page.getByTestId(`${testId}-row`).filter({ hasText: new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
}

/** The data-testids of the side menu's items and groups, in order (folded ones included). */
async function sideMenuEntries(page) {
  await page.getByTestId('side-menu').waitFor();
  return page.getByTestId('side-menu').locator('[data-testid^="menu-item-"], [data-testid^="menu-group-"]').evaluateAll((els) => els.map((e) => e.dataset.testid));
}

async function clickTreeNode(page, key) {
  await page.getByTestId(`tree-node-${key}`).locator('label').first().click();
}

async function treeState(page, key) {
  return page.getByTestId(`tree-node-${key}`).getAttribute('data-state');
}

async function visit(page, path, testId) {
  await page.goto(path);
  await page.getByTestId(testId).waitFor();
}

/** How far the page scrolls sideways (0 when it fits). */
function overflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** How far each table on the page scrolls sideways inside its frame, by test id (only those that do). */
function tableOverflows(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('table')]
      .map((table) => {
        const frame = table.parentElement;
        return { id: table.closest('[data-testid]')?.dataset.testid ?? '?', wide: frame.scrollWidth - frame.clientWidth };
      })
      .filter((entry) => entry.wide > 0)
      .map((entry) => `${entry.id} ${entry.wide}px`),
  );
}

/**
 * Full-page shots named `<name>-<tag>`, noting what scrolls sideways: the page itself never, and on
 * a desktop (`desktop`) no table either (phones scroll wide tables inside their frame).
 */
function camera(tag, desktop) {
  const overflows = [];
  const shoot = async (page, name) => {
    await page.waitForLoadState('networkidle');
    const wide = await overflow(page);
    if (wide > 0) overflows.push(`${name}: the page by ${wide}px`);
    if (desktop) for (const table of await tableOverflows(page)) overflows.push(`${name}: ${table}`);
    await screenshot(page, `${name}-${tag}`);
  };
  /** A drawer or dialog, once it has slid in (viewport only: a full-page resize would move it). */
  const shootOverlay = async (page, name) => {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(400);
    await screenshot(page, `${name}-${tag}`, { fullPage: false });
  };
  return { overflows, shoot, shootOverlay };
}

// ---------------------------------------------------------------------------------------------

describe('roles and grants', () => {
  for (const locale of LOCALES) {
    const suffix = locale === 'zh-CN' ? 'zh' : 'en';
    const role = {
      code: `user_editor_${suffix}`,
      name: locale === 'zh-CN' ? '用户编辑员' : '用户编辑员（英）',
      nameEn: `User editor ${suffix}`,
    };
    const user = { username: `editor_${suffix}`, realname: locale === 'zh-CN' ? '李编辑' : 'Eddie Editor', password: 'Edit@2026!x' };

    test(`an admin creates a role with some menus, a user with that role; the user sees exactly those menus and buttons (${locale})`, async () => {
      const { context, page } = await open(locale);
      await signIn(page, 'admin', ADMIN_PASSWORD);

      // Roles page → add a role.
      await page.getByTestId('menu-group-system').click();
      await page.getByTestId('menu-item-system-role').click();
      await page.waitForURL(/\/system\/role$/);
      await tableLoaded(page, 'role-table');
      await page.getByTestId('role-add').click();
      const dialog = page.getByTestId('role-dialog');
      await dialog.waitFor();
      await page.getByTestId('role-code').fill(role.code);
      await page.getByTestId('role-name').fill(role.name);
      await dialog.locator('input[name="roleNameEn"]').fill(role.nameEn);
      const added = page.waitForResponse((r) => r.url().includes('/sys/role/add'));
      await page.getByTestId('role-save').click();
      assert.equal((await added).status(), 200);
      await dialog.waitFor({ state: 'hidden' });
      const row = rowWith(page, 'role-table', role.code);
      await row.waitFor();

      // Authorize: the Users page with only its "Edit user" button.
      await row.getByTestId('role-authorize').click();
      const drawer = page.getByTestId('role-permission-drawer');
      await drawer.waitFor();
      await page.getByTestId('tree-node-menu_system_user').waitFor();
      await page.getByTestId('tree-expand-all').click();
      await page.getByTestId('tree-node-btn_user_add').waitFor();
      await clickTreeNode(page, 'menu_system_user');
      assert.equal(await treeState(page, 'btn_user_add'), 'checked', 'checking the page checks its buttons');
      for (const button of ['btn_user_add', 'btn_user_delete', 'btn_user_freeze', 'btn_user_password']) await clickTreeNode(page, button);
      assert.equal(await treeState(page, 'btn_user_edit'), 'checked');
      assert.equal(await treeState(page, 'menu_system_user'), 'indeterminate');
      assert.equal(await treeState(page, 'menu_system_role'), 'unchecked');
      const saved = page.waitForResponse((r) => r.url().includes('/sys/permission/saveRolePermission'));
      await page.getByTestId('role-permission-save-close').click();
      const saveAnswer = await saved;
      assert.equal(saveAnswer.status(), 200, await saveAnswer.text());
      const sent = JSON.parse(saveAnswer.request().postData());
      assert.deepEqual(sent.permissionIds.split(',').toSorted(), ['btn_user_edit', 'menu_system', 'menu_system_user']);
      await drawer.waitFor({ state: 'hidden' });

      // Users page → add a user with that role.
      await page.getByTestId('menu-group-system').click();
      await page.getByTestId('menu-item-system-user').click();
      await page.waitForURL(/\/system\/user$/);
      await tableLoaded(page, 'user-table');
      await page.getByTestId('user-add').click();
      await page.getByTestId('user-drawer').waitFor();
      await page.getByTestId('user-username').fill(user.username);
      await page.getByTestId('user-realname').fill(user.realname);
      await page.getByTestId('user-password').fill(user.password);
      await page.getByTestId('user-confirmpassword').fill(user.password);
      const roleOption = page.getByTestId('user-roles').locator('label').filter({ hasText: role.code });
      await roleOption.click();
      await roleOption.locator('[data-state="checked"]').first().waitFor();
      const userAdded = page.waitForResponse((r) => r.url().includes('/sys/user/add'));
      await page.getByTestId('user-save').click();
      const addAnswer = await userAdded;
      assert.equal(addAnswer.status(), 200, await addAnswer.text());
      await page.getByTestId('user-drawer').waitFor({ state: 'hidden' });
      await rowWith(page, 'user-table', user.username).waitFor();

      // Sign out, sign in as the new user with the side menu.
      await signOut(page);
      await page.evaluate(() => localStorage.setItem('APP_LAYOUT_SETTINGS', JSON.stringify({ layout: 'sidemenu' })));
      await signIn(page, user.username, user.password, '/system/user');
      await page.getByTestId('side-menu').waitFor();
      assert.deepEqual(await sideMenuEntries(page), ['menu-group-system', 'menu-item-system-user']);
      assert.equal(await page.getByTestId('menu-item-system-user').innerText(), TEXT[locale].users);
      for (const other of SYSTEM_PAGES.slice(1)) assert.equal(await page.getByTestId(`menu-item-${other}`).count(), 0, other);

      // The table offers Edit, and nothing else of the page's buttons.
      await tableLoaded(page, 'user-table');
      assert.ok((await page.getByTestId('user-edit').count()) > 0, 'the Edit action shows');
      for (const hidden of ['user-add', 'user-batch-freeze', 'user-batch-unfreeze', 'user-batch-delete', 'user-delete', 'user-freeze', 'user-unfreeze', 'user-reset-password']) {
        assert.equal(await page.getByTestId(hidden).count(), 0, `${hidden} is hidden`);
      }
      assert.equal(await page.getByTestId('row-checkbox').count(), 0, 'no row selection without a batch action');
      await page.waitForLoadState('networkidle');
      await screenshot(page, `system-users-restricted-${locale}`);

      // Pages outside the grant are not reachable by URL either.
      await page.goto('/system/role');
      await page.getByTestId('exception-404').waitFor();
      await closeContext(context);
    });
  }
});

describe('sub-accounts', () => {
  for (const locale of LOCALES) {
    const suffix = locale === 'zh-CN' ? 'zh' : 'en';
    const main = {
      username: `main_${suffix}`,
      password: 'Main@2026!x',
      phone: locale === 'zh-CN' ? '13900000311' : '13900000322',
      email: `main-${suffix}@example.com`,
      company: `Main ${suffix} Ltd`,
    };
    const sub = { username: `sub_${suffix}`, realname: locale === 'zh-CN' ? '王子账号' : 'Sam Sub', password: 'Sub@2026!xy' };

    test(`a main account creates a sub-account with fewer rights and the sub-account sees fewer (${locale})`, async () => {
      await registerCustomer(main);
      const { context, page } = await open(locale, { sideMenu: true });
      await signIn(page, main.username, main.password);
      const mainMenu = await sideMenuEntries(page);
      for (const entry of ['menu-item-dashboard-analysis', 'menu-item-account-subaccount', 'menu-item-account-settings-base']) {
        assert.ok(mainMenu.includes(entry), `the main account has ${entry}: ${mainMenu}`);
      }

      await page.getByTestId('menu-group-account').click();
      await page.getByTestId('menu-item-account-subaccount').click();
      await page.waitForURL(/\/account\/subaccount$/);
      await tableLoaded(page, 'sub-account-table');
      await page.getByTestId('sub-add').click();
      await page.getByTestId('sub-account-drawer').waitFor();
      await page.getByTestId('sub-username').fill(sub.username);
      await page.getByTestId('sub-realname').fill(sub.realname);
      await page.getByTestId('sub-password').fill(sub.password);
      await page.getByTestId('sub-confirmpassword').fill(sub.password);
      await page.getByTestId('tree-node-menu_dashboard').waitFor();
      await clickTreeNode(page, 'menu_dashboard');
      assert.equal(await treeState(page, 'menu_dashboard'), 'checked');
      // Managing sub-accounts is never offered to a sub-account.
      await page.getByTestId('tree-expand-all').click();
      await page.getByTestId('tree-node-menu_account_settings').waitFor();
      assert.equal(await page.getByTestId('tree-node-menu_account_sub').count(), 0);
      const added = page.waitForResponse((r) => r.url().includes('/erp/user/sub/add'));
      await page.getByTestId('sub-save').click();
      const answer = await added;
      assert.equal(answer.status(), 200, await answer.text());
      assert.equal(JSON.parse(answer.request().postData()).permissionIds, 'menu_dashboard');
      await page.getByTestId('sub-account-drawer').waitFor({ state: 'hidden' });
      await rowWith(page, 'sub-account-table', sub.username).waitFor();

      await signOut(page);
      await signIn(page, sub.username, sub.password);
      await page.getByTestId('dashboard-welcome').waitFor();
      assert.deepEqual(await sideMenuEntries(page), ['menu-item-dashboard-analysis']);
      await page.goto('/account/subaccount');
      await page.getByTestId('exception-404').waitFor();
      const list = await fetch(`${suite.app.baseUrl}/boot/erp/user/sub/list`, {
        headers: { 'X-Access-Token': await page.evaluate(() => JSON.parse(localStorage.getItem('Access-Token')).value) },
      });
      assert.equal(list.status, 403, 'the sub-account may not list sub-accounts');
      await closeContext(context);
    });
  }
});

describe('freezing', () => {
  test('freezing a signed-in user ends their session', async () => {
    const locale = 'en-US';
    const roleId = (await suite.api('POST', '/sys/role/add', { token: adminToken, body: { roleCode: 'dash_viewer', roleName: '看板', roleNameEn: 'Dashboard viewer' } })).id;
    await suite.api('POST', '/sys/permission/saveRolePermission', { token: adminToken, body: { roleId, permissionIds: 'menu_dashboard', lastpermissionIds: '' } });
    const user = { username: 'frozen_soon', realname: 'Fran Frozen', password: 'Froz@2026!x' };
    await suite.api('POST', '/sys/user/add', {
      token: adminToken,
      body: { ...user, confirmpassword: user.password, selectedroles: roleId, selecteddeparts: '' },
    });

    const victim = await open(locale);
    await signIn(victim.page, user.username, user.password);
    await victim.page.getByTestId('dashboard-welcome').waitFor();

    const admin = await open(locale);
    await signIn(admin.page, 'admin', ADMIN_PASSWORD, '/system/user');
    await tableLoaded(admin.page, 'user-table');
    await admin.page.getByTestId('filter-username').fill(user.username);
    await admin.page.getByTestId('search-bar-submit').click();
    const row = rowWith(admin.page, 'user-table', user.username);
    await row.waitFor();
    await admin.page.waitForFunction(() => document.querySelectorAll('[data-testid="user-table-row"]').length === 1);
    await row.locator('label').first().click();
    await admin.page.getByTestId('table-selected').waitFor();
    await admin.page.getByTestId('user-batch-freeze').click();
    await admin.page.getByTestId('confirm-dialog').waitFor();
    const frozen = admin.page.waitForResponse((r) => r.url().includes('/sys/user/frozenBatch'));
    await admin.page.getByTestId('confirm-dialog-confirm').click();
    const answer = await frozen;
    assert.equal(answer.status(), 200, await answer.text());
    await toast(admin.page, TEXT[locale].frozen);
    await row.getByTestId('user-status').filter({ hasText: 'Frozen' }).waitFor();
    await screenshot(admin.page, `system-users-frozen-${locale}`);

    // The frozen user's next page load is refused and lands on the login page.
    const refused = victim.page.waitForResponse((r) => r.url().includes('getUserPermissionByToken'));
    await victim.page.reload();
    assert.equal((await refused).status(), 401);
    await victim.page.waitForURL(/\/user\/login\?redirect=/);
    await victim.page.getByTestId('session-expired').waitFor();
    await screenshot(victim.page, `system-frozen-session-expired-${locale}`);
    await victim.page.getByTestId('sign-in-again').click();
    await victim.page.getByTestId('session-expired').waitFor({ state: 'hidden' });

    // And signing in again is refused.
    const form = victim.page.getByTestId('password-login-form');
    await form.locator('input[autocomplete="username"]').fill(user.username);
    await form.locator('input[type="password"]').fill(user.password);
    const login = victim.page.waitForResponse((r) => r.url().endsWith('/boot/sys/login'));
    await victim.page.getByTestId('login-submit').click();
    assert.notEqual((await login).status(), 200);
    await victim.page.getByTestId('login-error').waitFor();

    await closeContext(victim.context);
    await closeContext(admin.context);
  });
});

describe('batch actions', () => {
  for (const locale of LOCALES) {
    test(`batch actions without a selection say "${TEXT[locale].selectOne}" (${locale})`, async () => {
      const { context, page } = await open(locale);
      await signIn(page, 'admin', ADMIN_PASSWORD, '/system/user');
      await tableLoaded(page, 'user-table');
      let calls = 0;
      page.on('request', (request) => {
        if (/frozenBatch|deleteBatch/.test(request.url())) calls += 1;
      });
      for (const button of ['user-batch-freeze', 'user-batch-unfreeze', 'user-batch-delete']) {
        // On a loaded machine a click can land while the table re-renders: click again (at most
        // three times) until the notice shows. Each click asks nothing of the server either way.
        for (let attempt = 1; ; attempt += 1) {
          await page.getByTestId(button).click();
          try {
            await page.getByTestId('toast').filter({ hasText: TEXT[locale].selectOne }).first().waitFor({ timeout: 8000 });
            break;
          } catch (error) {
            if (attempt === 3) throw error;
          }
        }
        assert.equal(await page.getByTestId('confirm-dialog').count(), 0, `${button} asks nothing`);
      }
      assert.equal(calls, 0, 'nothing was sent');
      await screenshot(page, `system-users-select-one-${locale}`, { fullPage: false });
      await closeContext(context);
    });
  }
});

describe('screenshots', () => {
  const customer = { username: 'shot_main', password: 'Shot@2026!x', phone: '13900000333', email: 'shot@example.com', company: 'Shot Freight' };

  before(async () => {
    // Some rows on the pages that start empty.
    await suite.api('POST', '/sys/position/add', { token: adminToken, body: { code: 'ops-lead', name: '运营主管', nameEn: 'Operations lead', postRank: 'supervisor' } });
    await suite.api('POST', '/sys/position/add', { token: adminToken, body: { code: 'dispatcher', name: '调度员', nameEn: 'Dispatcher', postRank: 'staff' } });
    await suite.api('POST', '/sys/permission/addPermissionRule', {
      token: adminToken,
      body: { permissionId: 'menu_system_user', ruleName: 'Own users', ruleColumn: 'create_by', ruleConditions: '=', ruleValue: '#{sys_user_code}', status: '1' },
    });
    await registerCustomer(customer);
    const token = await suite.apiLogin(customer.username, customer.password);
    await suite.api('POST', '/erp/user/sub/add', { token, body: { username: 'shot_sub', realname: 'Shot Sub', password: 'Sub@2026!xy', phone: '13900000344', email: 'shot-sub@example.com', permissionIds: 'menu_dashboard' } });
  });

  for (const locale of LOCALES) {
    for (const viewport of [undefined, PHONE]) {
      const tag = viewport ? `${locale}-390` : locale;

      test(`users, roles, menus, tenants, positions (${tag})`, async () => {
        const { overflows, shoot, shootOverlay } = camera(tag, !viewport);
        const { context, page } = await open(locale, { viewport });
        await signIn(page, 'admin', ADMIN_PASSWORD, '/system/user');

        // Users, then the add drawer.
        await tableLoaded(page, 'user-table');
        await shoot(page, 'system-users');
        await page.getByTestId('user-add').click();
        await page.getByTestId('user-drawer').waitFor();
        await page.getByTestId('user-roles').locator('label').first().waitFor();
        await shootOverlay(page, 'system-users-drawer');
        await page.keyboard.press('Escape');
        await page.getByTestId('user-drawer').waitFor({ state: 'hidden' });

        // Roles, then the authorize drawer of the admin role.
        await visit(page, '/system/role', 'role-list-page');
        await tableLoaded(page, 'role-table');
        await shoot(page, 'system-roles');
        await page.getByTestId('role-table-row').filter({ has: page.getByText('admin', { exact: true }) }).getByTestId('role-authorize').click();
        await page.getByTestId('role-permission-drawer').waitFor();
        await page.getByTestId('tree-node-menu_system_user').waitFor();
        await shootOverlay(page, 'system-roles-authorize');
        await page.keyboard.press('Escape');
        await page.getByTestId('role-permission-drawer').waitFor({ state: 'hidden' });

        // Menus, then the data rules of the Users page.
        await visit(page, '/system/permission', 'menu-page');
        await tableLoaded(page, 'menu-table');
        await page.getByTestId('menu-expand-all').click();
        const usersRow = page.getByTestId('menu-table-row').filter({ has: page.getByText(TEXT[locale].users, { exact: true }) });
        await usersRow.waitFor();
        await shoot(page, 'system-menus');
        await usersRow.getByTestId('menu-more').click();
        await page.getByTestId('menu-rules').click();
        await page.getByTestId('rule-drawer').waitFor();
        await tableLoaded(page, 'rule-table');
        await page.getByTestId('rule-drawer').getByText('Own users').waitFor();
        await shootOverlay(page, 'system-menus-rules');
        await page.keyboard.press('Escape');
        await page.getByTestId('rule-drawer').waitFor({ state: 'hidden' });

        // Tenants and positions.
        await visit(page, '/system/tenant', 'tenant-page');
        await tableLoaded(page, 'tenant-table');
        await shoot(page, 'system-tenants');
        await visit(page, '/system/position', 'position-page');
        await tableLoaded(page, 'position-table');
        await page.getByTestId('position-table').getByText('ops-lead').waitFor();
        await shoot(page, 'system-positions');

        assert.deepEqual(overflows, [], 'nothing scrolls sideways');
        await closeContext(context);
      });

      test(`departments and their roles (${tag})`, async () => {
        const { overflows, shoot } = camera(tag, !viewport);
        const [top] = await suite.api('GET', '/sys/sysDepart/queryTreeList', { token: adminToken });
        const code = `wh_lead_${tag.replaceAll('-', '_')}`;
        await suite.api('POST', '/sys/sysDepartRole/add', { token: adminToken, body: { departId: top.id, roleName: '仓库主管', roleCode: code, description: 'Warehouse lead of the head office' } });

        const { context, page } = await open(locale, { viewport });
        await signIn(page, 'admin', ADMIN_PASSWORD, '/system/depart');
        await page.getByTestId('depart-tree').waitFor();
        await shoot(page, 'system-departs');
        await page.getByTestId(`depart-node-${top.id}`).click();
        await page.getByTestId('depart-selected-name').waitFor();
        await page.getByTestId('depart-basic').waitFor();
        await shoot(page, 'system-departs-basic');
        const roles = page.waitForResponse((r) => r.url().includes('/sys/sysDepartRole/list'));
        await page.getByTestId('depart-tab-roles').click();
        assert.equal((await roles).status(), 200);
        await tableLoaded(page, 'depart-role-table');
        await page.getByTestId('depart-role-table').getByText(code).waitFor();
        await shoot(page, 'system-departs-roles');

        assert.deepEqual(overflows, [], 'nothing scrolls sideways');
        await closeContext(context);
      });

      test(`sub-accounts (${tag})`, async () => {
        const { overflows, shoot, shootOverlay } = camera(tag, !viewport);
        const { context, page } = await open(locale, { viewport });
        await signIn(page, customer.username, customer.password, '/account/subaccount');
        await tableLoaded(page, 'sub-account-table');
        await page.getByTestId('sub-account-table').getByText('shot_sub').waitFor();
        await shoot(page, 'system-subaccounts');
        await page.getByTestId('sub-add').click();
        await page.getByTestId('sub-account-drawer').waitFor();
        await page.getByTestId('tree-node-menu_dashboard').waitFor();
        await shootOverlay(page, 'system-subaccounts-drawer');
        await page.keyboard.press('Escape');
        await page.getByTestId('sub-account-drawer').waitFor({ state: 'hidden' });

        assert.deepEqual(overflows, [], 'nothing scrolls sideways');
        await closeContext(context);
      });
    }
  }
});
