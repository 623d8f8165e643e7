// End-to-end: scheduled jobs, in both languages (real server, Chromium). The platform admin sees
// the seeded jobs with their next runs; a cron expression with a minute of 61 is refused as typed
// (core, through WASM) and a good one shows its next runs; the stock reconciliation runs now and
// its history shows the result; a job is paused and resumed in place. Pages photographed.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ADMIN_PASSWORD, appSuite, closeContext, menuPath, screenshot, signIn, tableLoaded } from './support.mjs';

let admin;
const suite = appSuite(async (s) => {
  admin = await s.apiLogin('admin', ADMIN_PASSWORD);
});

describe('scheduled jobs', () => {
  for (const locale of (process.env.E2E_LOCALES ?? 'zh-CN,en-US').split(',')) {
    const zh = locale === 'zh-CN';
    test(`list, edit a cron, run now, history, pause and resume (${locale})`, async () => {
      const path = await menuPath(suite, admin, 'system/QuartzJobList');
      const { context, page } = await suite.open(locale);
      try {
        await signIn(page, 'admin', ADMIN_PASSWORD, path);
        await tableLoaded(page, 'job-table');
        const row = page.getByTestId('job-table-row').filter({ hasText: 'wms.reconcile' });
        await row.waitFor();
        assert.equal(await page.getByTestId('job-table-row').count(), 6);
        await screenshot(page, `system-jobs-${locale}`);

        // Edit: a minute of 61 is refused as typed; a good expression shows its next runs.
        await row.getByTestId('job-edit').click();
        const dialog = page.getByTestId('job-form');
        await dialog.waitFor();
        await page.getByTestId('job-cron').fill('0 61 3 * * ?');
        await page.getByTestId('job-form-submit').click();
        assert.match(await page.getByTestId('job-cron-error').textContent(), zh ? /“分”字段不正确/ : /minute field/);
        await page.getByTestId('job-cron').fill('0 15 3 * * ?');
        await page.getByTestId('job-next-runs').getByRole('listitem').first().waitFor();
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
        await screenshot(page, `system-job-form-${locale}`, { fullPage: false });
        await page.getByTestId('job-form-submit').click();
        await dialog.waitFor({ state: 'hidden' });
        await row.getByText('0 15 3 * * ?').waitFor();

        // Run now: confirmed, then its history shows the result.
        await row.getByTestId('job-run').click();
        await page.getByTestId('job-run-confirm').getByRole('button', { name: zh ? '立即执行' : 'Run now' }).click();
        const drawer = page.getByTestId('job-history-drawer');
        await drawer.waitFor();
        await page.waitForFunction(() => {
          const rows = [...document.querySelectorAll('[data-testid="job-runs-table-row"]')];
          return rows.length > 0;
        }, null, { timeout: 15_000 });
        // The run finishes in the background: reopen the history until it shows.
        for (let i = 0; i < 20 && !(await drawer.getByText(zh ? '成功' : 'Succeeded').count()); i++) {
          await page.keyboard.press('Escape');
          await drawer.waitFor({ state: 'hidden' });
          await row.getByTestId('job-history').click();
          await drawer.waitFor();
          await page.waitForTimeout(300);
        }
        await drawer.getByText(zh ? '成功' : 'Succeeded').first().waitFor();
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
        await screenshot(page, `system-job-history-${locale}`, { fullPage: false });
        await page.keyboard.press('Escape');

        // Paused and resumed in place.
        const toggle = row.getByTestId('job-status-toggle');
        await toggle.click();
        await page.waitForFunction(() => {
          const r = [...document.querySelectorAll('[data-testid="job-table-row"]')].find((x) => x.textContent.includes('wms.reconcile'));
          return r && !r.querySelector('[data-testid="job-status-toggle"] input').checked;
        });
        const paused = await suite.api('GET', '/sys/quartzJob/list?jobClassName=wms.reconcile', { token: admin });
        assert.equal(paused.records[0].status, -1);
        await toggle.click();
        await page.waitForFunction(() => {
          const r = [...document.querySelectorAll('[data-testid="job-table-row"]')].find((x) => x.textContent.includes('wms.reconcile'));
          return r && r.querySelector('[data-testid="job-status-toggle"] input').checked;
        });
      } finally {
        await closeContext(context);
      }
    });
  }
});
