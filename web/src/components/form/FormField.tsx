import { Field, Heading, Stack, Text, type FieldLabelProps, type FieldRootProps, type TextProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface FormFieldProps extends Omit<FieldRootProps, 'children' | 'label' | 'required' | 'invalid'> {
  /** Without a label the control names itself (`aria-label`, e.g. a cell of a table). */
  label?: ReactNode;
  children: ReactNode;
  required?: boolean;
  /** The field's error (client rule or server answer). */
  error?: ReactNode;
  /** Shown under the control while there is no error. */
  helper?: ReactNode;
  /** Marks the field invalid; by default, while there is an error. */
  invalid?: boolean;
  /** The error's `data-testid` is `${testId}-error` (or `errorTestId`). */
  testId?: string;
  errorTestId?: string;
  /** The error's `id` (a control that refers to it with `aria-describedby`). */
  errorId?: string;
  /** Props of the label (an `id` a group refers to, `htmlFor`…). */
  labelProps?: FieldLabelProps;
}

/**
 * A labelled form control with its hint and error, as every form lays them out: the label (with
 * the required mark), the control, the helper while there is no error, the error.
 */
export function FormField({ label, children, required = false, error, helper, invalid, testId, errorTestId, errorId, labelProps, ...root }: FormFieldProps) {
  return (
    <Field.Root invalid={invalid ?? !!error} required={required} {...root}>
      {label !== undefined ? (
        <Field.Label {...labelProps}>
          {label}
          {required ? <Field.RequiredIndicator /> : null}
        </Field.Label>
      ) : null}
      {children}
      {helper && !error ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText id={errorId} data-testid={errorTestId ?? (testId ? `${testId}-error` : undefined)}>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** A message about a whole part of a form (a table, a section, a row), shown while there is one. */
export function FormNote({ children, testId, ...spacing }: { children: ReactNode; testId?: string } & Pick<TextProps, 'marginTop' | 'marginBottom' | 'textStyle' | 'maxWidth' | 'whiteSpace'>) {
  if (!children) return null;
  return (
    <Text textStyle="sm" color="fg.error" role="alert" data-testid={testId} {...spacing}>
      {children}
    </Text>
  );
}

/** A titled part of a long form. */
export function FormSection({ title, children, gap = '4' }: { title: ReactNode; children: ReactNode; gap?: string }) {
  return (
    <Stack gap={gap}>
      <Heading size="sm">{title}</Heading>
      {children}
    </Stack>
  );
}
