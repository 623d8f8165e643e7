import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface FormFieldProps {
  label: ReactNode;
  children: ReactNode;
  required?: boolean;
  /** The field's error (client rule or server answer). */
  error?: string;
  /** Shown under the control while there is no error. */
  helper?: ReactNode;
  testId?: string;
}

/** A labelled form control with its hint and error, as every carrier form lays them out. */
export function FormField({ label, children, required = false, error, helper, testId }: FormFieldProps) {
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
      {helper && !error ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText data-testid={testId ? `${testId}-error` : undefined}>{error}</Field.ErrorText>
    </Field.Root>
  );
}
