/**
 * Validators for react-hook-form fields. The account rules (username, names, phone, e-mail,
 * passwords) are the core's (through WASM, in the language of the moment: the same messages the
 * server sends); the others check the shape of a value with the form's own message.
 *
 * Each returns `true` or the message, as `validate` wants.
 */
import { message, validateEmail, validateNewPassword, validatePhone, validateRequired, validateUsername } from '../../core';
import { currentLanguage } from '../../i18n';

type Rule = (value: string) => true | string;
const lang = () => currentLanguage();
const orTrue = (verdict: string | undefined): true | string => verdict ?? true;

/** Something other than blanks was typed. */
export const requiredText =
  (text: string): Rule =>
  (value) =>
    (value ?? '').trim() ? true : text;

/** Empty, or a whole number (a sort order). */
export const optionalInteger =
  (text: string): Rule =>
  (value) => {
    const trimmed = (value ?? '').trim();
    return trimmed === '' || /^-?\d+$/.test(trimmed) ? true : text;
  };

/** An optional field: empty passes, anything else must pass `check` (trimmed). */
export const optional =
  (check: (value: string) => string | undefined): Rule =>
  (value) => {
    const trimmed = (value ?? '').trim();
    return trimmed === '' ? true : orTrue(check(trimmed));
  };

/** The core's "required" rule, the label being the core's name of the field. */
export const coreRequired =
  (label: 'field_realname' | 'field_username'): Rule =>
  (value) =>
    orTrue(validateRequired((value ?? '').trim(), message(label, lang()), lang()));

/** A username: given, and of the core's shape. */
export const usernameRule: Rule = (value) => {
  const trimmed = (value ?? '').trim();
  return orTrue(validateRequired(trimmed, message('field_username', lang()), lang()) ?? validateUsername(trimmed, lang()));
};

/** A person's name: given. */
export const realnameRule: Rule = coreRequired('field_realname');

/** A mobile number, if any. */
export const optionalPhone: Rule = optional((value) => validatePhone(value, lang()));

/** An e-mail address, if any. */
export const optionalEmail: Rule = optional((value) => validateEmail(value, lang()));

/**
 * One of a new password and its confirmation: the core checks the pair and blames one of them;
 * each field shows the message only when it is the one blamed.
 */
export const newPasswordRule = (which: 'password' | 'confirmpassword', password: string, confirm: string): true | string => {
  const error = validateNewPassword(password, confirm, lang());
  return error?.field === which ? error.message : true;
};
