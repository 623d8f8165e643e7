/**
 * An intake scan checked in the browser by core (through WASM), as the server checks it: the
 * number (required, its characters, a check digit where the number carries one), the weight
 * (above 0) and the dimensions (all three or none). A scan it refuses is not sent, nor queued on
 * the device: the page shows the message on the field at fault.
 */
import { intakeIssues, type FieldError } from '../../core';
import { isOneOf } from '../../components/form/options';
import { currentLanguage } from '../../i18n';
import type { IntakeForm } from './api';

/** The fields of a scan a message can name. */
export const INTAKE_FIELDS = ['number', 'weight', 'length', 'width', 'height'] as const;
export type IntakeField = (typeof INTAKE_FIELDS)[number];

/** Core's refusal of a scan: the field at fault (one of {@link INTAKE_FIELDS}, `undefined` for any other) and the message. */
export interface IntakeIssue {
  field: IntakeField | undefined;
  message: string;
}

const issueOf = (error: FieldError): IntakeIssue => ({ field: isOneOf(INTAKE_FIELDS, error.field) ? error.field : undefined, message: error.message });

/** The first problem of `form` in the UI's language, or `undefined` when the server would take it. */
export function intakeIssue(form: IntakeForm): IntakeIssue | undefined {
  const [first] = intakeIssues(form, currentLanguage());
  return first ? issueOf(first) : undefined;
}
