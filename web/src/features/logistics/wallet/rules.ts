/** The wallet forms' checks: amounts by core's rule (`amountIssue`, the same function and message the server answers with). */
import { amountIssue } from '../../../core';
import { currentLanguage } from '../../../i18n';
import { amountSign } from './Money';

type Rule = (value: string) => true | string;

/** A positive amount of `currency()` in at most its places (the currency read when the rule runs). */
export const amountRule =
  (currency: () => string): Rule =>
  (value) =>
    amountIssue((value ?? '').trim(), currency(), currentLanguage()) ?? true;

/**
 * A credit limit: zero or more, in the currency's places. Core's amount rule refuses zero (no
 * movement is of nothing), a limit may be zero: a zero's places are checked as a one's.
 */
export const creditLimitRule =
  (currency: () => string, required: string): Rule =>
  (value) => {
    const text = (value ?? '').trim();
    if (text === '') return required;
    const zero = /^\d+(\.\d*)?$/.test(text) && amountSign(text) === 0;
    return amountIssue(zero ? text.replace(/^0+/, '1') : text, currency(), currentLanguage()) ?? true;
  };
