import { afterEach, beforeEach, describe, expect, test, vi, type Mock } from 'vitest';
import { toaster } from '../components/ui/toaster';
import i18n from '../i18n';
import { getToken, setTenantId, setToken } from '../lib/session';
import { closeSessionExpired, sessionExpiredStore } from '../lib/session-expiry';
import { ApiError, api, isTokenExpired, NOTICE_DURATION_MS, RELOAD_DELAY_MS, requestWithResponse } from './client';

function envelope(status: number, message: string, result: unknown = null) {
  return new Response(
    JSON.stringify({ success: status < 400, message, code: status, result, timestamp: Date.now() }),
    { status, headers: { 'Content-Type': 'application/json' } },
  );
}

let fetchMock: Mock<typeof fetch>;
let notices: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  notices = vi.spyOn(toaster, 'create');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const lastRequest = () => {
  const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
  return { url: new URL(url, 'http://localhost'), init, headers: new Headers(init.headers) };
};

describe('api client', () => {
  test('GET goes under /boot with token, tenant, language headers and a _t timestamp', async () => {
    setToken('secret-token');
    setTenantId(7);
    await i18n.changeLanguage('en-US');
    fetchMock.mockResolvedValue(envelope(200, 'ok', { id: 1 }));

    const response = await api.get<{ id: number }>('/sys/user/list', { pageNo: 1, empty: undefined });

    expect(response.result).toEqual({ id: 1 });
    const { url, init, headers } = lastRequest();
    expect(url.pathname).toBe('/boot/sys/user/list');
    expect(url.searchParams.get('pageNo')).toBe('1');
    expect(url.searchParams.has('empty')).toBe(false);
    expect(Number(url.searchParams.get('_t'))).toBeGreaterThan(0);
    expect(init.method).toBe('GET');
    expect(headers.get('X-Access-Token')).toBe('secret-token');
    expect(headers.get('tenant-id')).toBe('7');
    expect(headers.get('Accept-Language')).toBe('en-US');
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  test('POST sends JSON, no _t, tenant 0 and no token header when signed out', async () => {
    fetchMock.mockResolvedValue(envelope(200, 'ok'));
    await api.post('/sys/login', { username: 'admin' });
    const { url, init, headers } = lastRequest();
    expect(url.searchParams.has('_t')).toBe(false);
    expect(init.body).toBe('{"username":"admin"}');
    expect(headers.get('Content-Type')).toContain('application/json');
    expect(headers.get('tenant-id')).toBe('0');
    expect(headers.has('X-Access-Token')).toBe(false);
    expect(headers.get('Accept-Language')).toBe('zh-CN');
  });

  test("every call names the browser's time zone (X-Time-Zone), none when the browser cannot say", async () => {
    fetchMock.mockImplementation(async () => envelope(200, 'ok'));
    await api.get('/sys/user/list');
    expect(lastRequest().headers.get('X-Time-Zone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(() => {
      throw new RangeError('no zone');
    });
    await api.post('/sys/login', {});
    expect(lastRequest().headers.has('X-Time-Zone')).toBe(false);
  });

  test('dictionary-item GETs carry no _t timestamp (spec section 7); other dictionary calls do', async () => {
    fetchMock.mockImplementation(async () => envelope(200, 'ok', []));
    await api.get('/sys/dict/getDictItems/priority');
    expect(lastRequest().url.searchParams.has('_t')).toBe(false);
    await api.get('/sys/dict/queryAllDictItems');
    expect(lastRequest().url.searchParams.has('_t')).toBe(false);
    await api.get('/sys/dict/refleshCache');
    expect(lastRequest().url.searchParams.has('_t')).toBe(true);
    await api.get('/sys/dict/list');
    expect(lastRequest().url.searchParams.has('_t')).toBe(true);
  });

  test.each([
    [403, 'zh-CN', '拒绝访问'],
    [404, 'zh-CN', '很抱歉，资源未找到!'],
    [404, 'en-US', 'Sorry, the resource was not found!'],
    [504, 'zh-CN', '网络超时'],
  ] as const)('%i shows the catalogue notice in %s', async (status, language, text) => {
    await i18n.changeLanguage(language);
    fetchMock.mockResolvedValue(envelope(status, 'server words'));
    const failure = await api.get('/nothing').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(status);
    expect((failure as ApiError).message).toBe(text);
    expect(notices).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'error',
        title: language === 'zh-CN' ? '系统提示' : 'System notice',
        description: text,
        duration: NOTICE_DURATION_MS,
      }),
    );
  });

  test('other statuses show the server message', async () => {
    fetchMock.mockResolvedValue(envelope(409, '数据已存在'));
    await expect(api.put('/sys/user/edit', {})).rejects.toThrow('数据已存在');
    expect(notices).toHaveBeenCalledWith(expect.objectContaining({ description: '数据已存在', duration: 4000 }));
  });

  test('notify: false leaves the message to the caller', async () => {
    fetchMock.mockResolvedValue(envelope(404, 'x'));
    await expect(api.post('/sys/login', {}, { notify: false })).rejects.toThrow('很抱歉，资源未找到!');
    expect(notices).not.toHaveBeenCalled();
  });

  test('401 with a session: notice, token cleared, reload after 1.5 s', async () => {
    vi.useFakeTimers();
    const reload = vi.fn<() => void>();
    vi.stubGlobal('location', { ...window.location, reload });
    setToken('expired');
    fetchMock.mockResolvedValue(envelope(401, 'Token失效'));

    await expect(api.get('/sys/permission/getUserPermissionByToken')).rejects.toThrow('未授权，请重新登录');
    expect(getToken()).toBeUndefined();
    expect(notices).toHaveBeenCalledWith(expect.objectContaining({ description: '未授权，请重新登录' }));
    vi.advanceTimersByTime(RELOAD_DELAY_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledOnce();
  });

  test('a request that outlives the timeout is aborted and reported as a network timeout', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    await expect(api.get('/slow', undefined, { timeoutMs: 10 })).rejects.toMatchObject({ status: 504, message: '网络超时' });
  });

  test('an envelope with success false on HTTP 200 is an error', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ success: false, message: '用户名或密码错误', code: 500, result: null, timestamp: 0 }), {
        status: 200,
      }),
    );
    await expect(api.post('/sys/login', {}, { notify: false })).rejects.toThrow('用户名或密码错误');
  });

  test('several 401s at once reload only once', async () => {
    vi.useFakeTimers();
    const reload = vi.fn<() => void>();
    vi.stubGlobal('location', { ...window.location, reload });
    setToken('gone');
    fetchMock.mockImplementation(async () => envelope(401, 'x'));
    await Promise.allSettled([api.get('/a'), api.get('/b')]);
    setToken('gone');
    await api.get('/c').catch(() => undefined);
    vi.advanceTimersByTime(RELOAD_DELAY_MS);
    expect(reload).toHaveBeenCalledOnce();
  });

  test('a specific server error keeps its own message (login_failed on 401, account_frozen on 403)', async () => {
    fetchMock.mockResolvedValueOnce(envelope(401, '用户名或密码错误!', { key: 'login_failed' }));
    await expect(api.post('/sys/login', {}, { notify: false })).rejects.toThrow('用户名或密码错误!');
    fetchMock.mockResolvedValueOnce(envelope(403, '该用户已冻结!', { key: 'account_frozen' }));
    await expect(api.post('/sys/login', {}, { notify: false })).rejects.toThrow('该用户已冻结!');
    fetchMock.mockResolvedValueOnce(envelope(403, 'words', { key: 'forbidden' }));
    await expect(api.get('/x', undefined, { notify: false })).rejects.toThrow('拒绝访问');
  });
});

const body = (message: string, result: unknown = null) => ({ success: false, message, code: 0, result, timestamp: 0 });

describe('expired sign-in (spec section 8)', () => {
  afterEach(() => closeSessionExpired());

  test.each([
    ['401 with key token_expired', 401, 'Token expired, please sign in again', { key: 'token_expired' }],
    ['500 with the Chinese message', 500, 'Token失效，请重新登录', null],
    ['401 with the English message', 401, 'Token expired, please sign in again', null],
  ] as const)('%s opens the dialog instead of a notice', async (_name, status, text, result) => {
    setToken('old');
    fetchMock.mockResolvedValue(envelope(status, text, result));
    await expect(api.get('/sys/user/getUserInfo')).rejects.toBeInstanceOf(ApiError);
    expect(sessionExpiredStore.get()).toBe(true);
    expect(notices).not.toHaveBeenCalled();
  });

  test('without a token the message is an ordinary error', async () => {
    fetchMock.mockResolvedValue(envelope(500, 'Token失效，请重新登录'));
    await expect(api.get('/x')).rejects.toThrow('Token失效，请重新登录');
    expect(sessionExpiredStore.get()).toBe(false);
    expect(notices).toHaveBeenCalledOnce();
  });

  test('many failing calls open one dialog', async () => {
    setToken('old');
    const opened = vi.fn<() => void>();
    const unsubscribe = sessionExpiredStore.subscribe(opened);
    fetchMock.mockImplementation(async () => envelope(401, 'Token失效，请重新登录', { key: 'token_expired' }));
    await Promise.allSettled([api.get('/a'), api.get('/b'), api.get('/c')]);
    unsubscribe();
    expect(opened).toHaveBeenCalledOnce();
  });

  test('isTokenExpired reads the key or the message, only on 401/500', () => {
    expect(isTokenExpired(401, body('', { key: 'token_expired' }))).toBe(true);
    expect(isTokenExpired(500, body('Token失效，请重新登录'))).toBe(true);
    expect(isTokenExpired(403, body('Token失效，请重新登录'))).toBe(false);
    expect(isTokenExpired(401, body('未授权，请重新登录', { key: 'unauthorized' }))).toBe(false);
  });
});

describe('conditional requests', () => {
  test('extra headers are sent; a 304 resolves with the headers and no envelope', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 304, headers: { ETag: '"v1"' } }));
    const answer = await requestWithResponse('/logistics/priceForecast/bundle', { headers: { 'If-None-Match': '"v1"' }, notify: false });
    expect(answer.status).toBe(304);
    expect(answer.envelope).toBeUndefined();
    expect(answer.headers.get('ETag')).toBe('"v1"');
    expect(lastRequest().headers.get('If-None-Match')).toBe('"v1"');
    expect(lastRequest().headers.get('Accept')).toBe('application/json');
  });

  test('a 200 answers its headers with the envelope; a plain request still fails on 304', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ success: true, message: 'ok', code: 200, result: { version: 'v2' }, timestamp: 0 }), {
        status: 200,
        headers: { 'Content-Type': 'application/json', ETag: '"v2"' },
      }),
    );
    const answer = await requestWithResponse<{ version: string }>('/x');
    expect(answer.envelope?.result.version).toBe('v2');
    expect(answer.headers.get('ETag')).toBe('"v2"');

    fetchMock.mockResolvedValue(new Response(null, { status: 304 }));
    await expect(api.get('/x', undefined, { notify: false })).rejects.toMatchObject({ status: 304 });
  });
});
