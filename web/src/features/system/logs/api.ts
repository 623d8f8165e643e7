/** The audit log of the tenant, read-only (contract dicts-notices.md, "Logs"). */
import { api } from '../../../api/client';
import type { components } from '../../../api/schema';

export const LOG_LIST_PATH = '/sys/log/list';

/** 1 sign-in/out, 2 operation, 3 visit. */
export const LOG_TYPES = ['1', '2', '3'] as const;
export type LogType = (typeof LOG_TYPES)[number];

/** 1 query, 2 add, 3 edit, 4 delete, 5 other (grant, freeze, …). */
export const OPERATE_TYPES = ['1', '2', '3', '4', '5'] as const;
export type OperateType = (typeof OPERATE_TYPES)[number];

export const isOperateType = (value: unknown): value is OperateType => (OPERATE_TYPES as readonly string[]).includes(String(value));

/** An entry; `beforeValue` and `afterValue` hold the record's JSON before and after the change. */
export type LogRecord = components['schemas']['LogRecord'];
export type LogInfo = components['schemas']['LogInfo'];

export const logKeys = { info: ['system', 'logs', 'info'] as const };

/** A failed entry (`ok` false, or 0 from JeecgBoot-style answers). */
export const isFailed = (record: Pick<LogRecord, 'ok'>) => ['false', '0'].includes(String(record.ok));

/** The caller tenant's visit figures (quietly empty when they cannot be read). */
export function fetchLogInfo(signal?: AbortSignal): Promise<LogInfo | null> {
  return api.get<LogInfo | null>('/sys/loginfo', undefined, { signal, notify: false }).then((envelope) => envelope.result ?? null);
}

/** A stored JSON value, pretty-printed; text that is not JSON stays as it is. */
export function prettyJson(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value, null, 2);
}

/** The parsed object of a stored JSON value, when it is one. */
function asObject(value: unknown): Record<string, unknown> | undefined {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
}

/** Top-level keys whose values differ between before and after (both objects), in a stable order. */
export function changedKeys(before: unknown, after: unknown): string[] {
  const a = asObject(before);
  const b = asObject(after);
  if (!a || !b) return [];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]));
}
