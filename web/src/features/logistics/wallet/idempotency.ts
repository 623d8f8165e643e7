/**
 * `Idempotency-Key`s of the money-moving calls (docs/api/wallet.md, "Idempotency-Key"): the
 * server answers a key it has seen with the first answer, so a submission retried after a lost
 * answer (no network, a timeout, a server error) moves money once.
 *
 * One runner per opened dialog: its first submission gets a fresh key, a retry of the same body
 * reuses it, and a changed body gets a new one (the server refuses a key reused for another
 * body). After a definitive refusal (a 4xx other than 409 "in flight") the next submission gets a
 * new key too: the server kept that refusal, and the user retries because something changed
 * (more balance, a corrected reference).
 */
import { useState } from 'react';
import { ApiError } from '../../../api/client';

/** A fresh key: 32 hex digits from `crypto.getRandomValues` (unlike `randomUUID`, it also works over plain HTTP). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface IdempotentRunner {
  /** Calls `call` with the key of `body` (the last one again when the body is the same). */
  run<R>(body: unknown, call: (key: string) => Promise<R>): Promise<R>;
}

/** The server answered and kept its answer: retrying with the same key would only replay it. */
const definitive = (failure: unknown) => failure instanceof ApiError && failure.status >= 400 && failure.status < 500 && failure.status !== 409;

/** A runner for one opened dialog (or one confirmation). */
export function idempotentRunner(): IdempotentRunner {
  let last: { body: string; key: string } | undefined;
  return {
    async run(body, call) {
      const text = JSON.stringify(body);
      if (last?.body !== text) last = { body: text, key: newIdempotencyKey() };
      const { key } = last;
      try {
        return await call(key);
      } catch (failure) {
        if (definitive(failure) && last?.key === key) last = undefined;
        throw failure;
      }
    },
  };
}

/** The runner of a dialog: a new one each time `open` turns true. */
export function useIdempotentRunner(open: boolean): IdempotentRunner {
  const [runner, setRunner] = useState(idempotentRunner);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setRunner(idempotentRunner());
  }
  return runner;
}
