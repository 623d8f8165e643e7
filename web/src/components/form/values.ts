/** Moving between a record, a form's values and a request body. */
import { orNull } from './serverError';

/** The record's texts as a form's values: each key's text, `''` where it has none (or no record). */
export function textValues<K extends string>(record: Partial<Record<K, string | null>> | undefined, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, record?.[key] ?? ''])) as Record<K, string>;
}

/** Fields a request sends empty (null). */
export function nulls<K extends string>(keys: readonly K[]): Record<K, null> {
  return Object.fromEntries(keys.map((key) => [key, null])) as Record<K, null>;
}

/** Optional texts of a form for its request: trimmed, null where empty. */
export function optionalTexts<K extends string>(values: Record<K, string>, keys: readonly K[]): Record<K, string | null> {
  return Object.fromEntries(keys.map((key) => [key, orNull(values[key])])) as Record<K, string | null>;
}

/** An optional whole number typed in a form (a sort order): the number, or null when empty. */
export const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/** The code (upper case) and name of a business record ({@link CodeNameFields}), as sent. */
export const codeAndName = (values: { code: string; name: string }) => ({ code: values.code.trim().toUpperCase(), name: values.name.trim() });
