/**
 * A return's forms checked in the browser by core (through WASM), as the server checks them: a
 * request, a decision, a receiving scan, a comment, a fee or refund. Core stops at a form's first
 * problem, so each field shows the message when the first problem is its own; a problem no field
 * shows is raised at save and shown above the form.
 */
import { returnIssues, type FieldError, type ReturnStage } from '../../core';
import { currentLanguage } from '../../i18n';

/** The first problem of `form` at `stage` in the UI's language, or undefined when the server would take it. */
export function returnIssue(form: unknown, stage: ReturnStage, currency = ''): FieldError | undefined {
  const [first] = returnIssues(form, stage, currency, currentLanguage());
  return first;
}

/**
 * A react-hook-form `validate` of the field `field`: core's message when the form's first problem
 * (the body `body` makes of the values) is that field's.
 */
export const returnFieldRule =
  <V>(stage: ReturnStage, field: string, body: (values: V) => unknown, currency: () => string = () => '') =>
  (_value: unknown, values: V): true | string => {
    const issue = returnIssue(body(values), stage, currency());
    return issue?.field === field ? issue.message : true;
  };

/** Raised before a save when core refuses the body (the form shows the message above its fields). */
export class ReturnFormRefused extends Error {}

/** Throws core's refusal of `form`, if any (a save's last check). */
export function assertReturnForm(form: unknown, stage: ReturnStage, currency = ''): void {
  const issue = returnIssue(form, stage, currency);
  if (issue) throw new ReturnFormRefused(issue.message);
}
