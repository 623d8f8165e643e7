/**
 * The fields of a person's account, as the users page, the sub-accounts page and the profile page
 * share them: username (fixed once saved), name, the first password, phone and e-mail. The rules
 * are the core's; username, phone and e-mail are checked live for uniqueness.
 *
 * The texts come from the page's namespace, which has the keys of {@link AccountTextKey}.
 */
import type { FieldPath, FieldValues } from 'react-hook-form';
import { TextField } from './fields';
import { PasswordFields } from './PasswordFields';
import { optionalEmail, optionalPhone, realnameRule, usernameRule } from './rules';
import { useDuplicateCheck } from './uniqueField';
import { textValues } from './values';

/** A person's profile in a form (the users page and the profile page). */
export type ProfileValues = Record<'realname' | 'avatar' | 'phone' | 'email' | 'sex' | 'birthday', string>;

/** The profile values of a person (`sex` 1 or 2, else none; the birthday's date). */
export const profileValues = (person: { realname?: string | null; avatar?: string | null; phone?: string | null; email?: string | null; sex?: number | null; birthday?: string | null } | undefined | null): ProfileValues => ({
  ...textValues(person ?? undefined, ['realname', 'avatar', 'phone', 'email']),
  sex: person?.sex === 1 || person?.sex === 2 ? String(person.sex) : '',
  birthday: person?.birthday?.slice(0, 10) ?? '',
});

/** The profile as sent. */
export const profileBody = (values: ProfileValues) => ({
  realname: values.realname.trim(),
  avatar: values.avatar,
  phone: values.phone.trim(),
  email: values.email.trim(),
  sex: values.sex ? Number(values.sex) : null,
  birthday: values.birthday || null,
});

type Name = 'username' | 'realname' | 'password' | 'confirmpassword' | 'phone' | 'email';
export type AccountTextKey = `field.${Name}` | `placeholder.${Name}` | 'hint.username';
export type ContactTextKey = `${'field' | 'placeholder'}.${'phone' | 'email'}`;

/** The form's name of an account field (the form's values have these names). */
const field = <V extends FieldValues>(name: Name) => name as FieldPath<V>;

export interface AccountFieldsProps<K extends string = AccountTextKey> {
  /** The page's text of a key. */
  text: (key: K) => string;
  /** `data-testid`s of the controls. */
  testIds?: Partial<Record<Name, string>>;
  /** `data-testid` of a field's error. */
  errorTestId?: (name: Name) => string;
  /** The account edited (its own values are not taken); a new one when undefined. */
  accountId?: string;
}

/** Username (fixed once saved), name and, for a new account, its password twice. */
export function AccountNameFields<V extends FieldValues>({ text, testIds = {}, errorTestId, accountId }: AccountFieldsProps) {
  const editing = accountId !== undefined;
  const usernameUnique = useDuplicateCheck('sys_user', 'username', accountId);
  const part = (name: 'password' | 'confirmpassword') => ({ label: text(`field.${name}`), placeholder: text(`placeholder.${name}`), testId: testIds[name], errorTestId: errorTestId?.(name) });
  return (
    <>
      <TextField<V>
        name={field<V>('username')}
        label={text('field.username')}
        required={!editing}
        readOnly={editing}
        helper={editing ? text('hint.username') : undefined}
        autoComplete="off"
        placeholder={text('placeholder.username')}
        testId={testIds.username}
        errorTestId={errorTestId?.('username')}
        rules={editing ? {} : { validate: { format: usernameRule, unique: usernameUnique } }}
      />
      <TextField<V> name={field<V>('realname')} label={text('field.realname')} required placeholder={text('placeholder.realname')} testId={testIds.realname} errorTestId={errorTestId?.('realname')} rules={{ validate: realnameRule }} />
      {editing ? null : <PasswordFields<V> password={part('password')} confirm={part('confirmpassword')} recheckConfirm />}
    </>
  );
}

/** Mobile phone and e-mail, both optional; `unique` checks them live against the other accounts. */
export function ContactFields<V extends FieldValues>({ text, testIds = {}, errorTestId, accountId, unique = true }: AccountFieldsProps<ContactTextKey> & { unique?: boolean }) {
  const phoneUnique = useDuplicateCheck('sys_user', 'phone', accountId);
  const emailUnique = useDuplicateCheck('sys_user', 'email', accountId);
  return (
    <>
      <TextField<V>
        name={field<V>('phone')}
        label={text('field.phone')}
        type="tel"
        inputMode="tel"
        placeholder={text('placeholder.phone')}
        testId={testIds.phone}
        errorTestId={errorTestId?.('phone')}
        rules={{ validate: unique ? { format: optionalPhone, unique: phoneUnique } : optionalPhone }}
      />
      <TextField<V>
        name={field<V>('email')}
        label={text('field.email')}
        type="email"
        placeholder={text('placeholder.email')}
        testId={testIds.email}
        errorTestId={errorTestId?.('email')}
        rules={{ validate: unique ? { format: optionalEmail, unique: emailUnique } : optionalEmail }}
      />
    </>
  );
}
