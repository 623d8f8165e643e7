import { ApiError } from '../../api/client';
import { checkCode, type CodeKind } from '../../core';
import { currentLanguage } from '../../i18n';

/**
 * A failed save as a form shows it: the message, and the field the server named (400/409 answers
 * carry `result.field`, e.g. `code` or `rules[2].max`), if any.
 */
export function serverError(failure: unknown): { message: string; field?: string } {
  const message = failure instanceof Error ? failure.message : String(failure);
  const result = failure instanceof ApiError ? failure.envelope?.result : undefined;
  const field = typeof result === 'object' && result !== null && 'field' in result ? (result as { field: unknown }).field : undefined;
  return typeof field === 'string' && field !== '' ? { message, field } : { message };
}

/**
 * A `validate` rule for a code or small format that core checks (see `checkCode`): `true`, or
 * core's message in the language of the moment, the one the server would answer on save.
 */
export const codeRule =
  (kind: CodeKind) =>
  (value: string | null | undefined): true | string =>
    checkCode(kind, (value ?? '').trim(), currentLanguage()) ?? true;

/** A business code (supplier, channel, product, rate card): 2–32 letters, digits, `_` or `-`, from a letter (upper-cased on save). */
export const businessCodeRule = codeRule('code');

/** Trimmed text, or null when empty (optional fields). */
export const orNull = (text: string | null | undefined): string | null => {
  const value = (text ?? '').trim();
  return value === '' ? null : value;
};
