import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { useDictionarySync } from '../hooks/useDict';
import i18n from '../i18n';
import { normalizeItems } from '../lib/dict';
import { logout } from '../lib/logout';
import { getDictCache, setDictCache, setToken } from '../lib/session';
import { fakeServer } from '../test/api';
import { renderPage } from '../test/render';
import { DictSelect } from './DictSelect';
import { DictTag } from './DictTag';

const PRIORITY_ZH = [
  { value: 'L', text: '一般', title: '一般', label: '一般', color: 'gray' },
  { value: 'M', text: '重要', title: '重要', label: '重要', color: 'orange' },
  { value: 'H', text: '紧急', title: '紧急', label: '紧急', color: 'red' },
];
const PRIORITY_EN = [
  { value: 'L', text: 'General', color: 'gray' },
  { value: 'M', text: 'Important', color: 'orange' },
  { value: 'H', text: 'Urgent', color: 'red' },
];

const calls = (fetchMock: ReturnType<typeof fakeServer>, path: string) => fetchMock.mock.calls.filter(([url]) => String(url).includes(path));

afterEach(() => {
  vi.unstubAllGlobals();
});

function Synced() {
  useDictionarySync();
  return null;
}

function SyncedTag() {
  useDictionarySync();
  return <DictTag code="priority" value="H" />;
}

function Harness({ onChange, clearable }: { onChange: (value: string) => void; clearable?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <DictSelect
      code="priority"
      value={value}
      clearable={clearable}
      placeholder="全部优先级"
      aria-label="priority"
      data-testid="priority-select"
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('dictionary items', () => {
  test('normalizes values to strings and keeps a text', () => {
    expect(normalizeItems([{ value: 1, text: '正常' }, { value: '2', title: 'Frozen' }, { text: 'no value' }, null])).toEqual([
      { value: '1', text: '正常', title: undefined, label: undefined, color: null },
      { value: '2', text: 'Frozen', title: 'Frozen', label: undefined, color: null },
    ]);
    expect(normalizeItems('nope')).toEqual([]);
  });
});

describe('DictTag', () => {
  test('shows the cached item text in its colour; unknown values as they are; empty as a dash', async () => {
    const fetchMock = fakeServer({});
    setDictCache({ priority: PRIORITY_ZH });
    renderPage(
      <>
        <DictTag code="priority" value="H" />
        <DictTag code="priority" value="Z" />
        <DictTag code="priority" value={null} />
      </>,
    );
    const tags = await screen.findAllByTestId('dict-tag');
    expect(tags.map((tag) => tag.textContent)).toEqual(['紧急', 'Z']);
    expect(tags[0]?.getAttribute('data-value')).toBe('H');
    expect(screen.getByText('—')).toBeTruthy();
    // Everything came from the cache.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('signing out forgets the dictionaries (spec section 4)', async () => {
    setToken('t');
    setDictCache({ priority: PRIORITY_ZH });
    const fetchMock = fakeServer({ 'POST /sys/logout': { message: 'ok' } });
    renderPage(<DictTag code="priority" value="H" />);
    expect((await screen.findByTestId('dict-tag')).textContent).toBe('紧急');
    await act(() => logout());
    expect(getDictCache()).toBeUndefined();
    expect(localStorage.getItem('UI_CACHE_DB_DICT_DATA')).toBeNull();
    expect(calls(fetchMock, '/sys/logout')).toHaveLength(1);
  });

  test('a code missing from the cache is fetched from getDictItems, without a _t timestamp', async () => {
    const fetchMock = fakeServer({ 'GET /sys/dict/getDictItems/priority': { result: PRIORITY_ZH } });
    setDictCache({});
    renderPage(<DictTag code="priority" value="M" />);
    expect((await screen.findByTestId('dict-tag')).textContent).toBe('重要');
    const url = new URL(String(calls(fetchMock, '/sys/dict/getDictItems/priority')[0]?.[0]), 'http://localhost');
    expect(url.searchParams.has('_t')).toBe(false);
  });

  test('a language switch loads the dictionaries again and the texts follow', async () => {
    setToken('t');
    setDictCache({ priority: PRIORITY_ZH });
    const fetchMock = fakeServer({
      'GET /sys/dict/queryAllDictItems': () => ({ result: { priority: i18n.language === 'en-US' ? PRIORITY_EN : PRIORITY_ZH } }),
    });
    renderPage(<SyncedTag />);
    expect((await screen.findByTestId('dict-tag')).textContent).toBe('紧急');
    // A filled cache is not loaded again on mount.
    expect(calls(fetchMock, 'queryAllDictItems')).toHaveLength(0);
    await act(() => i18n.changeLanguage('en-US'));
    await waitFor(() => expect(screen.getByTestId('dict-tag').textContent).toBe('Urgent'));
    const call = calls(fetchMock, 'queryAllDictItems')[0];
    expect(new Headers(call?.[1]?.headers).get('Accept-Language')).toBe('en-US');
    expect(new URL(String(call?.[0]), 'http://localhost').searchParams.has('_t')).toBe(false);
  });

  test('an empty cache (the login answer `{}`) is filled on mount', async () => {
    setToken('t');
    setDictCache({});
    fakeServer({ 'GET /sys/dict/queryAllDictItems': { result: { priority: PRIORITY_ZH } } });
    renderPage(<Synced />);
    await waitFor(() => expect(Object.keys(getDictCache() ?? {})).toEqual(['priority']));
  });
});

describe('DictSelect', () => {
  test('lists the items after the placeholder; picking and clearing report the value', async () => {
    fakeServer({});
    setDictCache({ priority: PRIORITY_ZH });
    const onChange = vi.fn<(value: string) => void>();
    renderPage(<Harness onChange={onChange} />);
    const select = (await screen.findByTestId('priority-select')) as HTMLSelectElement;
    expect(Array.from(select.options).map((option) => option.textContent)).toEqual(['全部优先级', '一般', '重要', '紧急']);
    expect(screen.queryByTestId('priority-select-clear')).toBeNull();
    fireEvent.change(select, { target: { value: 'H' } });
    expect(onChange).toHaveBeenLastCalledWith('H');
    expect(select.value).toBe('H');
    fireEvent.click(await screen.findByTestId('priority-select-clear'));
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(select.value).toBe('');
    await waitFor(() => expect(screen.queryByTestId('priority-select-clear')).toBeNull());
  });

  test('not clearable: no clear button and the placeholder cannot be picked', async () => {
    fakeServer({});
    setDictCache({ priority: PRIORITY_ZH });
    renderPage(<Harness onChange={() => undefined} clearable={false} />);
    const select = (await screen.findByTestId('priority-select')) as HTMLSelectElement;
    expect(select.options[0]?.disabled).toBe(true);
    fireEvent.change(select, { target: { value: 'L' } });
    expect(screen.queryByTestId('priority-select-clear')).toBeNull();
  });

  test('items of a code the cache lacks are fetched', async () => {
    fakeServer({ 'GET /sys/dict/getDictItems/priority': { result: PRIORITY_ZH } });
    renderPage(<Harness onChange={() => undefined} />);
    const select = (await screen.findByTestId('priority-select')) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(4));
  });
});
