/**
 * Helpers of list-page tests: the button permissions a test grants, the page opened on a fake
 * server, the calls it made, table rows, row menus and confirmations.
 *
 * Each test starts signed out with no permissions, and its fetch stub and toasts go with it
 * (`test/setup.ts`).
 *
 * ```tsx
 * test('…', async () => {
 *   const fetchMock = openPage(<SupplierListPage />, server(), 'logistics:supplier:list');
 *   const row = await rowOf('DHL');
 *   expect(urlOf(fetchMock, 'GET', '/logistics/supplier/list').searchParams.get('column')).toBe('createTime');
 * });
 * ```
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, expect, vi } from 'vitest';
import { toaster } from '../components/ui/toaster';
import { permissionStore } from '../lib/permission';
import type { fakeServer } from './api';
import { renderPage } from './render';

export type FetchMock = ReturnType<typeof fakeServer>;

/** The signed-in user holds these button permissions (and nothing else). */
export function grant(...codes: string[]): void {
  const auth = codes.map((action) => ({ action, type: '1', status: '1' }));
  permissionStore.set({ loaded: true, routes: [], auth, allAuth: [], authJson: JSON.stringify(auth), allAuthJson: '[]' });
}

/** After each test: fetch unstubbed and toasts removed (`test/setup.ts` does it for every test too). */
export function cleanUpAfterEach(): void {
  afterEach(() => {
    toaster.remove();
    vi.unstubAllGlobals();
  });
}

/** Grants `codes` and renders `element` on the fake server given; answers the server's mock. */
export function openPage(element: ReactElement, fetchMock: FetchMock, ...codes: string[]): FetchMock {
  grant(...codes);
  renderPage(element);
  return fetchMock;
}

/** The calls of `method` to a path containing `path`. */
export const calls = (fetchMock: FetchMock, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).includes(path));

/** The address of one of those calls (default: the last). */
export const urlOf = (fetchMock: FetchMock, method: string, path: string, index = -1) => new URL(String(calls(fetchMock, method, path).at(index)?.[0]), 'http://localhost');

/** The JSON body of one of those calls (default: the last). */
export const bodyOf = <B = Record<string, unknown>>(fetchMock: FetchMock, method: string, path: string, index = -1) =>
  JSON.parse(String(calls(fetchMock, method, path).at(index)?.[1]?.body)) as B;

/** A list call's answer: one page holding `records`. */
export const paged = (records: readonly unknown[], total = records.length) => ({ result: { records, total, size: 10, current: 1, pages: 1 } });

/** The table row showing `text` (in an element matching `selector`, when given). */
export const rowOf = async (text: string, selector?: string) => (await screen.findByText(text, selector ? { selector } : undefined)).closest('tr')!;

const ticked = (row: HTMLElement) => row.getAttribute('aria-selected') === 'true';

/**
 * Ticks the rows holding these texts until every one is ticked: a list that settles after its
 * first rows show (a filter's default arriving) clears the selection, so a tick made meanwhile is
 * made again rather than lost.
 */
export async function tickRows(texts: string[], selector?: string): Promise<void> {
  await rowOf(texts[0], selector);
  const rows = () => texts.map((text) => screen.getByText(text, selector ? { selector } : undefined).closest('tr')!);
  for (let attempt = 0; attempt < 10; attempt += 1) {
    for (const row of rows()) if (!ticked(row)) fireEvent.click(within(row).getByTestId('row-checkbox'));
    try {
      await waitFor(() => expect(rows().every(ticked)).toBe(true), { timeout: 1000 });
      return;
    } catch {
      // A tick lost to the list settling: tick again.
    }
  }
  expect(rows().map(ticked)).toEqual(texts.map(() => true));
}

/** Opens a row's "More" menu (`trigger`) and picks `item` with the keyboard (arrows to it, then Enter). */
export async function pickRowAction(row: HTMLElement, trigger: string, item: string): Promise<void> {
  fireEvent.click(within(row).getByTestId(trigger));
  const entry = await screen.findByTestId(item);
  const content = entry.closest('[role="menu"]') as HTMLElement;
  for (let step = 0; step < 5 && !entry.hasAttribute('data-highlighted'); step += 1) {
    fireEvent.keyDown(content, { key: 'ArrowDown' });
    await waitFor(() => expect(content.querySelector('[data-highlighted]')).toBeTruthy());
  }
  expect(entry.hasAttribute('data-highlighted')).toBe(true);
  fireEvent.keyDown(content, { key: 'Enter' });
}

/**
 * Opens the CRUD list page `element` on the fake server with the list and add permissions of
 * `crud.permission`, waits for the row showing `rowText` (in a `selector` element, when given)
 * and opens the add form (`{name}-add` opens `{name}-form`). Answers the server's mock.
 */
export async function openAddForm(element: ReactElement, fetchMock: FetchMock, crud: { name: string; permission: string }, rowText: string, selector?: string): Promise<FetchMock> {
  openPage(element, fetchMock, `${crud.permission}:list`, `${crud.permission}:add`);
  await rowOf(rowText, selector);
  await openDialog(`${crud.name}-add`, `${crud.name}-form`);
  return fetchMock;
}

/** Clicks `button` (in `row`, else on the page) and waits for the `dialog` (or drawer) it opens; answers it. */
export async function openDialog(button: string, dialog: string, row?: HTMLElement): Promise<HTMLElement> {
  fireEvent.click(row ? within(row).getByTestId(button) : screen.getByTestId(button));
  return screen.findByTestId(dialog);
}

/** Types into the fields (test id → value) in `container` (default: the page). */
export function fill(fields: Record<string, string>, container: HTMLElement = document.body): void {
  for (const [testId, value] of Object.entries(fields)) fireEvent.change(within(container).getByTestId(testId), { target: { value } });
}

/** Waits until the `select` (its options loaded from the server) offers `label`, then picks `value`. */
export async function pickOption(select: HTMLElement, label: string, value: string): Promise<void> {
  await waitFor(() => expect(within(select).getByText(label)).toBeTruthy());
  fireEvent.change(select, { target: { value } });
}

/** Types `fields` into the open `form` (a dialog, a drawer) and clicks its `submit` (default: `{form's test id}-submit`). */
export function fillAndSubmit(form: HTMLElement, fields: Record<string, string>, submit = `${form.dataset.testid}-submit`): void {
  fill(fields, form);
  fireEvent.click(within(form).getByTestId(submit));
}

/** Confirms the open confirmation `dialog` and waits until `count` calls of `method path` went out. */
export async function confirmAndWait(dialog: string, fetchMock: FetchMock, method: string, path: string, count = 1): Promise<void> {
  // A confirmation answered by a failure stays open; its button is busy until the answer is in,
  // and a click on a busy button does nothing: wait until it can be pressed again.
  const button = await screen.findByTestId(`${dialog}-confirm`);
  await waitFor(() => expect(button.hasAttribute('disabled') || button.hasAttribute('data-loading')).toBe(false));
  fireEvent.click(button);
  await waitFor(() => expect(calls(fetchMock, method, path)).toHaveLength(count));
}

/** Types into the search fields (test id → value) and submits the search bar `searchBar`. */
export function search(searchBar: string, fields: Record<string, string>): void {
  fill(fields);
  fireEvent.click(screen.getByTestId(`${searchBar}-submit`));
}

/**
 * The open confirmation `dialog` names `text` and nothing was sent yet; confirming sends one
 * `method path` call. Answers the dialog.
 */
export async function confirmSends(fetchMock: FetchMock, dialog: string, text: string, method: string, path: string): Promise<HTMLElement> {
  const shown = await screen.findByTestId(dialog);
  expect(shown.textContent).toContain(text);
  expect(calls(fetchMock, method, path)).toHaveLength(0);
  await confirmAndWait(dialog, fetchMock, method, path);
  return shown;
}

/**
 * Confirms the delete the open `dialog` asks (naming `text`): one DELETE `path` goes out, with
 * the `query` given (`{ id: 'u1' }`).
 */
export async function confirmDeleteSends(fetchMock: FetchMock, dialog: string, text: string, path: string, query: Record<string, string>): Promise<void> {
  await confirmSends(fetchMock, dialog, text, 'DELETE', path);
  const url = urlOf(fetchMock, 'DELETE', path, 0);
  for (const [name, value] of Object.entries(query)) expect(url.searchParams.get(name)).toBe(value);
}

/** After a batch button was pressed with no row selected: it neither asked (`dialog`) nor sent `method path`. */
export function expectNothingAsked(fetchMock: FetchMock, dialog: string, method: string, path: string): void {
  expect(screen.queryByTestId(dialog)).toBeNull();
  expect(calls(fetchMock, method, path)).toHaveLength(0);
}

/** The list was first asked sorted by `column` in `order`. */
export function expectFirstSort(fetchMock: FetchMock, path: string, column: string, order: 'asc' | 'desc'): void {
  const url = urlOf(fetchMock, 'GET', path, 0);
  expect(url.searchParams.get('column')).toBe(column);
  expect(url.searchParams.get('order')).toBe(order);
}

/** None of these is on the page (buttons the user may not use). */
export function expectAbsent(...testIds: string[]): void {
  for (const testId of testIds) expect(screen.queryByTestId(testId)).toBeNull();
}

/** Waits for `count` calls of `method path` and answers the JSON body of the last. */
export async function sentBody<B = Record<string, unknown>>(fetchMock: FetchMock, method: string, path: string, count = 1): Promise<B> {
  await waitFor(() => expect(calls(fetchMock, method, path)).toHaveLength(count));
  return bodyOf<B>(fetchMock, method, path);
}
