/** What the editor's sections share: the messages shown and how they change the draft. */
import type { CardDraft } from './model';

/** Messages by error key (see `errorKeys`). */
export type Errors = Readonly<Record<string, string>>;

/**
 * Changes the draft; the messages of `clear` go away (a key also clears the keys below it:
 * `cell.b1.z1` clears `cell.b1.z1.price`).
 */
export type EditDraft = (update: (draft: CardDraft) => CardDraft, clear?: readonly string[]) => void;

/** The errors without `keys` and the keys below them. */
export function withoutErrors(errors: Errors, keys: readonly string[]): Errors {
  if (keys.length === 0) return errors;
  let changed = false;
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    if (keys.some((clear) => key === clear || key.startsWith(`${clear}.`))) changed = true;
    else out[key] = message;
  }
  return changed ? out : errors;
}
