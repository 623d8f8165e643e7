import { ApiError } from '../../../api/client';

/**
 * A failed save as a form shows it: the message, and the field the server named (400/409 answers
 * carry `result.field`, e.g. `dictCode`), if any.
 */
export function serverError(failure: unknown): { message: string; field?: string } {
  const message = failure instanceof Error ? failure.message : String(failure);
  const result = failure instanceof ApiError ? failure.envelope?.result : undefined;
  const field = typeof result === 'object' && result !== null && 'field' in result ? (result as { field: unknown }).field : undefined;
  return typeof field === 'string' && field !== '' ? { message, field } : { message };
}
