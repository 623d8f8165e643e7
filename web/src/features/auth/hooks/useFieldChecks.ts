/**
 * The sign-in forms' state: a few text fields checked by the WASM core. It behaves like
 * react-hook-form's defaults (which the other forms use) without its weight on the first page:
 * fields are checked on submit, then again as they change; the first field at fault takes the
 * focus; `trigger` checks one field on demand (the phone number before a code is sent); and when
 * the language changes, the messages shown are computed again in the new language. The sign-in
 * page shows before the WASM core has arrived (src/app/start.tsx): a submit or `trigger` in that
 * moment waits for it, then checks.
 */
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { coreReady, isCoreReady } from '../../../core';

/** A field's check: true when the value is fine, else the message to show. */
export type FieldCheck = (value: string) => string | true;

type Errors<N extends string> = Partial<Record<N, string>>;

export function useFieldChecks<N extends string>(defaults: Record<N, string>, checks: Record<N, FieldCheck>) {
  const [initial] = useState(defaults);
  const values = useRef<Record<N, string>>({ ...defaults });
  const elements = useRef<Partial<Record<N, HTMLInputElement | null>>>({});
  const submitted = useRef(false);
  const [errors, setErrors] = useState<Errors<N>>({});
  const names = Object.keys(checks) as N[];

  const messageOf = useCallback(
    (name: N): string | undefined => {
      const verdict = checks[name](values.current[name]);
      return verdict === true ? undefined : verdict;
    },
    [checks],
  );

  /** Checks these fields, shows their messages and answers whether all of them are fine. */
  const check = useCallback(
    (fields: readonly N[]): boolean => {
      const found: Errors<N> = {};
      for (const name of fields) found[name] = messageOf(name);
      setErrors((shown) => {
        const next = { ...shown };
        for (const name of fields) {
          if (found[name] === undefined) delete next[name];
          else next[name] = found[name];
        }
        return next;
      });
      return fields.every((name) => found[name] === undefined);
    },
    [messageOf],
  );

  const { i18n } = useTranslation();
  const language = useRef(i18n.language);
  useEffect(() => {
    if (language.current === i18n.language) return;
    language.current = i18n.language;
    const shown = Object.keys(errors) as N[];
    // After this render, as react-hook-form's `trigger` does.
    if (shown.length > 0) queueMicrotask(() => check(shown));
  }, [i18n.language, errors, check]);

  /** The props of a field's input (uncontrolled, like react-hook-form's `register`). */
  const register = (name: N) => ({
    name,
    defaultValue: initial[name],
    ref: (element: HTMLInputElement | null) => {
      elements.current[name] = element;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      values.current[name] = event.target.value;
      if (submitted.current && isCoreReady()) check([name]);
    },
  });

  /** The form's `onSubmit`: checks every field, focuses the first at fault or hands the values on. */
  const handleSubmit = (onValid: (values: Record<N, string>) => void) => {
    const submit = () => {
      if (check(names)) {
        onValid({ ...values.current });
        return;
      }
      const first = names.find((name) => messageOf(name) !== undefined);
      if (first) elements.current[first]?.focus();
    };
    return (event: FormEvent) => {
      event.preventDefault();
      submitted.current = true;
      if (isCoreReady()) submit();
      else void coreReady.then(submit);
    };
  };

  /** Checks one field now, or as soon as the core is here (shows its message); true when it is fine. */
  const trigger = useCallback(
    async (name: N): Promise<boolean> => {
      if (!isCoreReady()) await coreReady;
      return check([name]);
    },
    [check],
  );
  const getValue = useCallback((name: N) => values.current[name], []);

  return { register, handleSubmit, trigger, getValue, errors };
}
