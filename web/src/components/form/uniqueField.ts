/**
 * Live server checks for react-hook-form fields (spec section 5, "Duplicate check via server
 * call"; contract "Checks"):
 *
 * - `useDuplicateCheck(tableName, fieldName, dataId?)` → GET /sys/duplicate/check
 * - `useRuleCheck(ruleCode)` → the core's rule, then GET /sys/checkRule/checkByCode
 *
 * Each returns an async validator, `(value) => Promise<true | string>`: an empty value passes,
 * calls are debounced (300 ms, an answer for a value is remembered), and a refusal (400) shows the
 * server's message inline. Other failures pass (the server checks again on save).
 *
 * ```tsx
 * const usernameUnique = useDuplicateCheck('sys_user', 'username', editing?.id);
 * <Input {...register('username', { validate: { unique: usernameUnique } })} />
 * ```
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { api, ApiError } from '../../api/client';
import { checkRule } from '../../core/index';
import { currentLanguage, useLanguage } from '../../i18n/index';

export const CHECK_DELAY_MS = 300;

/** Allowed duplicate-check tables and fields (contract "Checks"). */
export type DuplicateTable = 'sys_user' | 'sys_role' | 'sys_depart' | 'sys_position' | 'sys_tenant' | 'sys_permission' | 'sys_depart_role' | 'sys_dict';

/** Rule codes of GET /sys/checkRule/checkByCode. */
export type RuleCode = 'role_code' | 'position_code' | 'work_no' | 'perms_code' | 'username' | 'phone' | 'email';

type Validator = (value: string | null | undefined) => Promise<true | string>;

/** An answer of the server for one value: undefined when free, else the message. */
async function ask(path: string, params: Record<string, string>): Promise<string | undefined> {
  try {
    await api.get(path, params, { notify: false });
    return undefined;
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 400) return failure.message;
    return undefined;
  }
}

/** A debounced, remembering validator around `check(value)`. */
function useDebouncedValidator(check: (value: string) => Promise<string | undefined>, resetKey: string): Validator {
  const cache = useRef(new Map<string, string | undefined>());
  const pending = useRef<{ timer: number; resolve: (result: true | string) => void }>(undefined);
  const cacheKey = useRef('');
  // Messages are in the UI language; a new language or record asks again.
  const key = `${resetKey}|${useLanguage()}`;

  useEffect(
    () => () => {
      if (pending.current) {
        window.clearTimeout(pending.current.timer);
        pending.current.resolve(true);
      }
    },
    [],
  );

  return useCallback(
    (raw) => {
      const value = (raw ?? '').trim();
      if (value === '') return Promise.resolve(true);
      if (cacheKey.current !== key) {
        cache.current = new Map();
        cacheKey.current = key;
      }
      if (cache.current.has(value)) return Promise.resolve(cache.current.get(value) ?? true);
      // A newer value replaces a waiting one; the older promise passes (its result is stale).
      if (pending.current) {
        window.clearTimeout(pending.current.timer);
        pending.current.resolve(true);
      }
      return new Promise<true | string>((resolve) => {
        const timer = window.setTimeout(() => {
          pending.current = undefined;
          void check(value).then((reason) => {
            cache.current.set(value, reason);
            resolve(reason ?? true);
          });
        }, CHECK_DELAY_MS);
        pending.current = { timer, resolve };
      });
    },
    [check, key],
  );
}

/** Validator: the value is not used yet by another record of `tableName.fieldName`. */
export function useDuplicateCheck(tableName: DuplicateTable, fieldName: string, dataId?: string | number | null): Validator {
  const id = dataId === undefined || dataId === null ? '' : String(dataId);
  const check = useCallback(
    (fieldVal: string) => ask('/sys/duplicate/check', { tableName, fieldName, fieldVal, ...(id ? { dataId: id } : {}) }),
    [tableName, fieldName, id],
  );
  return useDebouncedValidator(check, useMemo(() => `${tableName}.${fieldName}.${id}`, [tableName, fieldName, id]));
}

/**
 * Validator: the value follows the coding rule `ruleCode`. The core's copy of the rule answers at
 * once; a value it accepts is then confirmed by the server (its message otherwise).
 */
export function useRuleCheck(ruleCode: RuleCode): Validator {
  const check = useCallback((value: string) => ask('/sys/checkRule/checkByCode', { ruleCode, value }), [ruleCode]);
  const server = useDebouncedValidator(check, ruleCode);
  return useCallback(
    (raw) => {
      const value = (raw ?? '').trim();
      if (value === '') return Promise.resolve(true);
      const local = checkRule(ruleCode, value, currentLanguage());
      return local ? Promise.resolve(local) : server(value);
    },
    [ruleCode, server],
  );
}
