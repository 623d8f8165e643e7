import type { ReactNode } from 'react';
import { useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { TextField } from './fields';
import { newPasswordRule } from './rules';

interface PasswordPart {
  label: ReactNode;
  placeholder?: string;
  testId?: string;
  errorTestId?: string;
}

export interface PasswordFieldsProps<V extends FieldValues> {
  /** The form's names of the new password and its confirmation. */
  names?: [FieldPath<V>, FieldPath<V>];
  password: PasswordPart;
  confirm: PasswordPart;
  /** Shown as required (default true). */
  required?: boolean;
  /** The rules apply only when this holds (an optional block of the form); always by default. */
  when?: (values: V) => boolean;
  /** Typing a password checks the confirmation again once it was visited. */
  recheckConfirm?: boolean;
  /** After either changed (e.g. fields that depend on them). */
  onChange?: (which: 'password' | 'confirmpassword') => void;
}

/**
 * A new password and its confirmation, checked together by the core (`validateNewPassword`):
 * the message shows under the field the core blames. Two fields, for the caller's grid.
 */
export function PasswordFields<V extends FieldValues>({ names, password, confirm, required = true, when, recheckConfirm = false, onChange }: PasswordFieldsProps<V>) {
  const { trigger, getFieldState } = useFormContext<V>();
  const [passwordName, confirmName] = names ?? (['password', 'confirmpassword'] as [FieldPath<V>, FieldPath<V>]);
  const rule =
    (which: 'password' | 'confirmpassword') =>
    (_: string, values: V): true | string => {
      if (when && !when(values)) return true;
      return newPasswordRule(which, String(values[passwordName] ?? ''), String(values[confirmName] ?? ''));
    };
  const part = (name: FieldPath<V>, which: 'password' | 'confirmpassword', props: PasswordPart) => (
    <TextField<V>
      name={name}
      label={props.label}
      required={required}
      type="password"
      autoComplete="new-password"
      placeholder={props.placeholder}
      testId={props.testId}
      errorTestId={props.errorTestId}
      rules={{
        validate: rule(which),
        onChange: () => {
          if (which === 'password' && recheckConfirm && getFieldState(confirmName).isTouched) void trigger(confirmName);
          onChange?.(which);
        },
      }}
    />
  );
  return (
    <>
      {part(passwordName, 'password', password)}
      {part(confirmName, 'confirmpassword', confirm)}
    </>
  );
}
