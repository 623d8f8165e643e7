// End-to-end: online reports, the popup picker and data sources, in both languages (real server,
// Chromium). The platform admin opens System → Online reports and adds a report over the
// platform's database: a refused statement (a function off the allow-list) shows the server's
// reason under the SQL and saves nothing; "Parse SQL" fills the columns and the parameter, `name`
// is made searchable, and the report is saved. On the component bench (/test/home) the popup
// field says what is wrong with its settings (core, through WASM), then opens the picker on the
// new report: confirming nothing is refused, a search by name narrows the rows, and a picked row
// fills the target fields. The data sources page is photographed too, and the list, the
// picker and the bench once more at 390 px.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ADMIN_PASSWORD, appSuite, closeContext, menuPath, screenshot, signIn, tableLoaded } from './support.mjs';

const LOCALES = (process.env.E2E_LOCALES ?? 'zh-CN,en-US').split(',');
const PHONE = { width: 390, height: 844 };
const SQL = 'SELECT dict_code AS code, dict_name AS name, description FROM sys_dict WHERE dict_name LIKE :kw';

const TEXT = {
  'zh-CN': {
    refused: '报表不允许调用函数“pg_sleep”!',
    config: 'popup参数未正确配置!',
    count: 'popup参数未正确配置,原始值和目标值数量不一致!',
    selectOne: '请选择一条记录',
    name: '字典弹窗',
  },
  'en-US': {
    refused: 'A report may not call the function “pg_sleep”!',
    config: 'The popup is not configured correctly!',
    count: 'The popup is not configured correctly: the source and target fields differ in number!',
    selectOne: 'Please select a record',
    name: 'Dictionary popup',
  },
};

const reportCode = (locale) => `dict_popup_${locale}`;

let admin;
const suite = appSuite(async (s) => {
  admin = await s.apiLogin('admin', ADMIN_PASSWORD);
});

/** Until the page's animations (a dialog opening) are over. */
const settled = (page) => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

/** The menu item of a page whose path is `path` (the server names routes by their path). */
const menuItem = (path) => `menu-item-${path.replace(/^\//, '').replaceAll('/', '-')}`;

async function toast(page, text) {
  await page.getByTestId('toast').filter({ hasText: text }).first().waitFor();
}

/** The reports of the admin whose code or name holds `code`. */
async function reportsNamed(code) {
  const list = await suite.api('GET', `/online/cgreport/head/list?name=${encodeURIComponent(code)}`, { token: admin });
  return list.records.filter((r) => r.code === code);
}

/** The picker's rows' texts. */
const pickerRows = (page, picker) =>
  page.getByTestId(picker).getByTestId(`${picker}-table-row`).evaluateAll((rows) => rows.map((row) => row.textContent));

describe('online reports and the popup picker', () => {
  for (const locale of LOCALES) {
    const text = TEXT[locale];
    const code = reportCode(locale);

    test(`build a report, refuse a bad statement, pick from it on the bench (${locale})`, async () => {
      const reportsPath = await menuPath(suite, admin, 'online/CgReportList');
      const sourcesPath = await menuPath(suite, admin, 'system/DataSourceList');
      const { context, page } = await suite.open(locale);
      try {
        await signIn(page, 'admin', ADMIN_PASSWORD, '/dashboard/analysis');

        // System → Online reports, through the top menu.
        await page.getByTestId('menu-group-system').click();
        await page.getByTestId(menuItem(reportsPath)).click();
        await page.waitForURL((url) => url.pathname === reportsPath);
        await tableLoaded(page, 'report-table');

        await page.getByTestId('report-add').click();
        const dialog = page.getByTestId('report-form');
        await dialog.waitFor();
        await page.getByTestId('report-code').fill(code);
        await page.getByTestId('report-name').fill(text.name);
        await page.getByTestId('report-name-en').fill('Dictionary popup');

        // A function off the allow-list: the server's reason under the SQL, nothing saved.
        await page.getByTestId('report-sql').fill('SELECT pg_sleep(1) AS x');
        const refused = page.waitForResponse((r) => r.url().includes('/online/cgreport/head/add'));
        await page.getByTestId('report-form-submit').click();
        assert.equal((await refused).status(), 400);
        await page.getByTestId('report-sql-error').filter({ hasText: text.refused }).waitFor();
        assert.equal((await reportsNamed(code)).length, 0);
        await dialog.waitFor();

        // The real statement: Parse SQL makes its three columns and its parameter.
        await page.getByTestId('report-sql').fill(SQL);
        await page.getByTestId('report-parse').click();
        await page.waitForFunction(() => document.querySelectorAll('[data-testid="report-item-row"]').length === 3);
        assert.deepEqual(
          await page.getByTestId('report-item-row').evaluateAll((rows) => rows.map((row) => row.dataset.field)),
          ['code', 'name', 'description'],
        );
        assert.equal(await page.getByTestId('report-params-0-paramName').inputValue(), 'kw');
        await page.getByTestId('report-params-0-paramValue').fill('%');
        const nameRow = dialog.locator('[data-testid="report-item-row"][data-field="name"]');
        await nameRow.getByTestId(/^report-items-\d+-isSearch$/).click();
        await page.waitForFunction(() => document.querySelector('[data-testid="report-item-row"][data-field="name"] [data-testid$="-isSearch"] input')?.checked === true);
        await settled(page);
        await screenshot(page, `online-report-editor-${locale}`, { fullPage: false });

        const saved = page.waitForResponse((r) => r.url().includes('/online/cgreport/head/add'));
        await page.getByTestId('report-form-submit').click();
        assert.equal((await saved).status(), 200);
        await dialog.waitFor({ state: 'hidden' });
        await page.getByTestId('report-table-row').filter({ hasText: code }).waitFor();
        const [report] = await reportsNamed(code);
        assert.ok(report, 'the report was saved');
        assert.equal(report.dbSource ?? null, null);
        assert.deepEqual(report.items.map((i) => [i.fieldName, i.isSearch]), [['code', 0], ['name', 1], ['description', 0]]);
        assert.deepEqual(report.params.map((p) => [p.paramName, p.paramValue]), [['kw', '%']]);
        await screenshot(page, `online-reports-${locale}`);

        // The bench: the popup field says what is wrong with its settings.
        await page.goto('/test/home');
        await page.getByTestId('test-home-page').waitFor();
        await page.getByTestId('test-home-popup-error').filter({ hasText: text.config }).waitFor();
        assert.equal(await page.getByTestId('test-home-popup-button').isDisabled(), true);
        await page.getByTestId('test-home-code').fill(code);
        await page.getByTestId('test-home-org').fill('code,name');
        await page.getByTestId('test-home-dest').fill('a');
        await page.getByTestId('test-home-popup-error').filter({ hasText: text.count }).waitFor();
        await toast(page, text.count);
        await page.getByTestId('test-home-dest').fill('dictCode,dictName');
        await page.getByTestId('test-home-popup-error').waitFor({ state: 'detached' });

        // The picker on the new report: rows, nothing confirmed, a search by name, one pick.
        await page.getByTestId('test-home-popup-button').click();
        const picker = 'test-home-popup-picker';
        await page.getByTestId(picker).waitFor();
        await tableLoaded(page, `${picker}-table`);
        const all = await pickerRows(page, picker);
        assert.ok(all.length > 0, 'the picker shows rows');
        await page.getByTestId(`${picker}-ok`).click();
        await toast(page, text.selectOne);
        await page.getByTestId(picker).waitFor();
        await settled(page);
        await screenshot(page, `popup-picker-${locale}`, { fullPage: false });

        // The second row's name (the first column after the radio is the code).
        const second = page.getByTestId(`${picker}-table-row`).nth(Math.min(1, all.length - 1));
        const name = (await second.locator('td').nth(2).innerText()).trim();
        const pickedCode = (await second.locator('td').nth(1).innerText()).trim();
        const searched = page.waitForResponse((r) => r.url().includes('/getData/') && new URL(r.url()).searchParams.get('name') === name);
        await page.getByTestId(`${picker}-query-name`).fill(name);
        await page.getByTestId(`${picker}-query-name`).press('Enter');
        assert.equal((await searched).status(), 200);
        await page.waitForFunction(
          ({ id, name: wanted }) => {
            const rows = [...document.querySelectorAll(`[data-testid="${id}-table-row"]`)];
            return rows.length > 0 && rows.every((row) => row.textContent.includes(wanted));
          },
          { id: picker, name },
        );
        const narrowed = await pickerRows(page, picker);
        assert.ok(narrowed.length <= all.length, `${narrowed.length} rows after the search, ${all.length} before`);
        assert.ok(narrowed.every((row) => row.includes(name)));

        await page.getByTestId(`${picker}-table-row`).filter({ hasText: pickedCode }).first().locator('td').nth(1).click();
        await page.getByTestId(`${picker}-selected`).filter({ hasText: '1' }).waitFor();
        await page.getByTestId(`${picker}-ok`).click();
        await page.getByTestId(picker).waitFor({ state: 'hidden' });
        const values = await page.getByTestId('test-home-values').innerText();
        assert.ok(values.includes(`dictCode = ${pickedCode}`), values);
        assert.ok(values.includes(`dictName = ${name}`), values);
        assert.equal(await page.getByTestId('test-home-popup-input').inputValue(), pickedCode);
        await screenshot(page, `test-home-${locale}`);

        // The data sources page.
        await page.goto(sourcesPath);
        await tableLoaded(page, 'data-source-table');
        await screenshot(page, `data-sources-${locale}`);
        await page.getByTestId('data-source-add').click();
        await page.getByTestId('data-source-form').waitFor();
        await settled(page);
        await screenshot(page, `data-source-form-${locale}`, { fullPage: false });
        await page.keyboard.press('Escape');
        await page.getByTestId('data-source-form').waitFor({ state: 'hidden' });
      } finally {
        await closeContext(context);
      }
    });
  }

  test(`at 390 px: the report list, the picker and the bench (${LOCALES[0]})`, async () => {
    const locale = LOCALES[0];
    const code = reportCode(locale);
    const reportsPath = await menuPath(suite, admin, 'online/CgReportList');
    const { context, page } = await suite.open(locale, { viewport: PHONE });
    try {
      await signIn(page, 'admin', ADMIN_PASSWORD, reportsPath);
      await tableLoaded(page, 'report-table');
      await screenshot(page, `online-reports-390-${locale}`);
      const row = page.getByTestId('report-table-row').filter({ hasText: code });
      await row.getByTestId('report-preview').click();
      await page.getByTestId('report-preview-picker').waitFor();
      await tableLoaded(page, 'report-preview-picker-table');
      await settled(page);
      const box = await page.getByTestId('report-preview-picker').boundingBox();
      assert.ok(box && box.width <= PHONE.width, `the picker is ${box?.width}px wide`);
      await screenshot(page, `popup-picker-390-${locale}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await page.getByTestId('report-preview-picker').waitFor({ state: 'hidden' });

      await page.goto('/test/home');
      await page.getByTestId('test-home-page').waitFor();
      await page.getByTestId('test-home-code').fill(code);
      await page.getByTestId('test-home-org').fill('code,name');
      await page.getByTestId('test-home-dest').fill('dictCode,dictName');
      await page.getByTestId('test-home-popup-error').waitFor({ state: 'detached' });
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(wide <= 0, `the bench scrolls sideways by ${wide}px at 390 px`);
      await screenshot(page, `test-home-390-${locale}`);
    } finally {
      await closeContext(context);
    }
  });
});
