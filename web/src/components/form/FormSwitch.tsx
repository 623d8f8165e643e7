import { Field, Switch, type FieldRootProps } from '@chakra-ui/react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/** A boolean form field drawn as a labelled switch (react-hook-form controlled). */
export function FormSwitch<T extends FieldValues>({
  control,
  name,
  label,
  helper,
  testId,
  colorPalette,
  root,
}: {
  /** The form's control (default: the form of the `FormProvider` around). */
  control?: Control<T>;
  name: FieldPath<T>;
  label: string;
  helper?: string;
  testId?: string;
  /** The switch's colour (default: the theme's). */
  colorPalette?: string;
  /** Layout props of the field. */
  root?: Omit<FieldRootProps, 'children'>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field.Root {...root}>
          <Switch.Root size="sm" colorPalette={colorPalette} name={field.name} checked={field.value === true} onCheckedChange={(details) => field.onChange(details.checked)} data-testid={testId}>
            <Switch.HiddenInput onBlur={field.onBlur} ref={field.ref} />
            <Switch.Control />
            <Switch.Label>{label}</Switch.Label>
          </Switch.Root>
          {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
        </Field.Root>
      )}
    />
  );
}
