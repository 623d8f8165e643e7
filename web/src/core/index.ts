/**
 * The shared Rust rules (crate `logistics-core`) compiled to WebAssembly. This is the only
 * module that imports the wasm package; it is instantiated once when the app starts (top-level
 * await in the bundler build), so every function here is synchronous.
 *
 * The functions take the language explicitly so that a form can re-validate in the language the
 * user just switched to; `currentLanguage()` is the usual argument.
 */
import * as wasm from 'logistics-wasm';
import type { Language } from '../i18n';

/** An optional message: `undefined` means the value is valid. */
type Verdict = string | undefined;

const orUndefined = (verdict: string | null | undefined): Verdict => verdict ?? undefined;

export function coreVersion(): string {
  return wasm.coreVersion();
}

export function validateRequired(value: string, label: string, lang: Language): Verdict {
  return orUndefined(wasm.validateRequired(value, label, lang));
}

export function validatePassword(value: string, lang: Language): Verdict {
  return orUndefined(wasm.validatePassword(value, lang));
}

export function validatePhone(value: string, lang: Language): Verdict {
  return orUndefined(wasm.validatePhone(value, lang));
}

export function validateEmail(value: string, lang: Language): Verdict {
  return orUndefined(wasm.validateEmail(value, lang));
}

/** A catalogue message by its stable key (`not_found`, `forbidden`, ...), as the server says it. */
export function message(key: CatalogueKey, lang: Language): string {
  return wasm.message(key, lang);
}

/** Keys of the server/core message catalogue that the web uses directly. */
export type CatalogueKey =
  | 'ok'
  | 'unauthorized'
  | 'token_expired'
  | 'forbidden'
  | 'not_found'
  | 'too_many_requests'
  | 'internal_error'
  | 'service_unavailable'
  | 'gateway_timeout';

/** Parcel dimensions (cm) and weight (kg); numbers or decimal strings. */
export interface ChargeableWeightInput {
  length: number | string;
  width: number | string;
  height: number | string;
  weight: number | string;
  /** Volumetric divisor (the channel product's `thWeightRatio`). */
  divisor?: number | string;
  thWeightRatio?: number | string;
  /** Billing step in kg, e.g. 0.5. */
  increment?: number | string;
}

export type ChargeableWeightResult =
  | { ok: true; actualWeight: string; volumetricWeight: string; chargeableWeight: string }
  | { ok: false; field: string; key: string; message: string };

export function chargeableWeight(input: ChargeableWeightInput, lang: Language): ChargeableWeightResult {
  return JSON.parse(wasm.chargeableWeight(JSON.stringify(input), lang)) as ChargeableWeightResult;
}
