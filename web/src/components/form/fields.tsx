/**
 * Fields of a react-hook-form form, each drawn the same way (label, control, helper, error) by
 * {@link FormField}. They read the form from its `FormProvider` (every form of the kit has one):
 *
 * ```tsx
 * <TextField<Values> name="code" label={t('field.code')} required testId="position-code"
 *   rules={{ validate: { required: requiredText(t('form.codeRequired')) } }} fontFamily="mono" />
 * ```
 *
 * `testId` goes to the control; its error gets `${testId}-error`.
 */
import { Fieldset, HStack, Input, InputGroup, RadioGroup, Stack, Textarea, type InputProps, type TextareaProps } from '@chakra-ui/react';
import { createContext, useContext, type ChangeEvent, type ReactNode } from 'react';
import { Controller, useFormContext, type ControllerRenderProps, type FieldPath, type FieldValues, type RegisterOptions, type Validate } from 'react-hook-form';
import { FormField, type FormFieldProps } from './FormField';
import { OptionChecklist, type OptionChecklistProps } from './OptionChecklist';
import { OptionSelect, type OptionSelectProps } from './OptionSelect';
import { RemoteSelect, type RemoteSelectProps } from './RemoteSelect';
import { requiredText } from './rules';
import { businessCodeRule } from './serverError';

/** The size of a form's controls (`sm` unless the form says otherwise). */
export type FieldSize = 'sm' | 'md';
const FieldSizeContext = createContext<FieldSize>('sm');
export const FieldSizeProvider = FieldSizeContext.Provider;
export const useFieldSize = () => useContext(FieldSizeContext);

/** The rules of a field whose value is a `T` (`validate` sees that value and the form's values). */
export type FieldRules<V extends FieldValues, T = string> = Omit<RegisterOptions<V>, 'validate'> & {
  validate?: Validate<T, V> | Record<string, Validate<T, V>>;
};

/** The rules as react-hook-form takes them. */
const options = <V extends FieldValues, T>(rules: FieldRules<V, T> | undefined) => rules as RegisterOptions<V> | undefined;

/** What every field of the kit takes: its name in the form, how it is labelled and checked. */
export interface FieldProps<V extends FieldValues, T = string> {
  name: FieldPath<V>;
  label?: ReactNode;
  required?: boolean;
  helper?: ReactNode;
  /** `data-testid` of the control (its error: `${testId}-error`, or `errorTestId`). */
  testId?: string;
  errorTestId?: string;
  rules?: FieldRules<V, T>;
  /** Shown instead of the form's message for the field (a message of its own). */
  error?: ReactNode;
  /** Layout props of the field (grid placement…). */
  root?: Omit<FormFieldProps, 'children' | 'label' | 'required' | 'error' | 'helper' | 'testId' | 'errorTestId'>;
}

/** The error message of `name` (nested names too), for the fields drawn here. */
function useFieldError<V extends FieldValues>(name: FieldPath<V>, own: ReactNode): ReactNode {
  const { getFieldState, formState } = useFormContext<V>();
  const message = getFieldState(name, formState).error?.message;
  return own ?? message;
}

export interface TextFieldProps<V extends FieldValues> extends FieldProps<V>, Omit<InputProps, 'name' | 'size'> {
  /** Rewrites what is typed before the form sees it (e.g. upper case). */
  formatInput?: (value: string) => string;
  /** Under the input, above the helper (e.g. buttons that fill it). */
  below?: ReactNode;
  /** Values the browser offers as the user types (a `datalist` of that `id`; at most 50 characters). */
  suggestions?: { id: string; values: readonly string[]; label?: (value: string) => string };
  startElement?: ReactNode;
  endElement?: ReactNode;
}

/** A text input registered in the form. */
export function TextField<V extends FieldValues>(props: TextFieldProps<V>) {
  const { name, label, required, helper, testId, errorTestId, rules, root, error: own, formatInput, suggestions, below, startElement, endElement, ...input } = props;
  const { register } = useFormContext<V>();
  const error = useFieldError<V>(name, own);
  const size = useFieldSize();
  const registered = register(name, options(rules));
  const onChange = formatInput
    ? (event: ChangeEvent<HTMLInputElement>) => {
        event.target.value = formatInput(event.target.value);
        return registered.onChange(event);
      }
    : registered.onChange;
  const typed = suggestions ? { list: suggestions.id, autoComplete: 'off', maxLength: 50 } : {};
  const field = <Input size={size} data-testid={testId} {...typed} {...input} {...registered} onChange={onChange} />;
  const control =
    startElement || endElement ? (
      <InputGroup startElement={startElement} endElement={endElement}>
        {field}
      </InputGroup>
    ) : (
      field
    );
  return (
    <FormField label={label} required={required} error={error} helper={helper} testId={testId} errorTestId={errorTestId} {...root}>
      {below ? (
        <Stack gap="2" width="full">
          {control}
          {below}
        </Stack>
      ) : (
        control
      )}
      {suggestions ? (
        <datalist id={suggestions.id}>
          {suggestions.values.map((value) => (
            <option key={value} value={value}>
              {suggestions.label ? suggestions.label(value) : value}
            </option>
          ))}
        </datalist>
      ) : null}
    </FormField>
  );
}

/** The texts {@link CodeNameFields} reads from the page's namespace. */
export type CodeNameTextKey = 'field.code' | 'form.codeHint' | 'form.codeRequired' | 'field.name' | 'form.nameRequired' | 'field.nameEn';

/**
 * A business record's code (supplier, channel, product: required, of the code pattern, shown in
 * upper case), name and English name; `afterCode` stands between the code and the name. The
 * controls' `data-testid`s are `${testId}-code`, `-name` and `-name-en`.
 */
export function CodeNameFields<V extends FieldValues>({ text, testId, afterCode }: { text: (key: CodeNameTextKey) => string; testId: string; afterCode?: ReactNode }) {
  const name = (field: 'code' | 'name' | 'nameEn') => field as FieldPath<V>;
  return (
    <>
      <TextField<V>
        name={name('code')}
        label={text('field.code')}
        required
        helper={text('form.codeHint')}
        fontFamily="mono"
        textTransform="uppercase"
        autoComplete="off"
        spellCheck={false}
        maxLength={32}
        testId={`${testId}-code`}
        rules={{ validate: { required: requiredText(text('form.codeRequired')), pattern: businessCodeRule } }}
      />
      {afterCode}
      <TextField<V> name={name('name')} label={text('field.name')} required maxLength={100} testId={`${testId}-name`} rules={{ validate: requiredText(text('form.nameRequired')) }} />
      <TextField<V> name={name('nameEn')} label={text('field.nameEn')} maxLength={100} testId={`${testId}-name-en`} />
    </>
  );
}

export type TextareaFieldProps<V extends FieldValues> = FieldProps<V> & Omit<TextareaProps, 'name' | 'size'>;

/** A multi-line text registered in the form (grows with its text unless told otherwise). */
export function TextareaField<V extends FieldValues>(props: TextareaFieldProps<V>) {
  const { name, label, required, helper, testId, errorTestId, rules, root, error: own, ...textarea } = props;
  const { register } = useFormContext<V>();
  const error = useFieldError<V>(name, own);
  const size = useFieldSize();
  return (
    <FormField label={label} required={required} error={error} helper={helper} testId={testId} errorTestId={errorTestId} {...root}>
      <Textarea size={size} rows={3} autoresize data-testid={testId} {...textarea} {...register(name, options(rules))} />
    </FormField>
  );
}

export interface SelectFieldProps<V extends FieldValues>
  extends FieldProps<V>,
    Pick<OptionSelectProps, 'options' | 'placeholder' | 'emptySelectable' | 'loading' | 'disabled' | 'aria-label'> {
  /** After the form took the new value (e.g. check fields that depend on it). */
  onValueChange?: (value: string) => void;
}

/**
 * A field whose control the form drives (`Controller`): `renderControl` draws it from the form's
 * field and its state; the label, helper and error are drawn around it.
 */
export function ControlledField<V extends FieldValues, T>({
  name,
  label,
  required,
  helper,
  testId,
  errorTestId,
  rules,
  root,
  error: own,
  renderControl,
}: FieldProps<V, T> & { renderControl: (field: ControllerRenderProps<V>, invalid: boolean) => ReactNode }) {
  return (
    <Controller<V>
      name={name}
      rules={options(rules)}
      render={({ field, fieldState }) => (
        <FormField label={label} required={required} error={own ?? fieldState.error?.message} helper={helper} testId={testId} errorTestId={errorTestId} {...root}>
          {renderControl(field, !!fieldState.error)}
        </FormField>
      )}
    />
  );
}

/** A choice among options (a native select: keyboard and phone friendly). */
export function SelectField<V extends FieldValues>({ onValueChange, ...props }: SelectFieldProps<V>) {
  const size = useFieldSize();
  const { options: choices, placeholder, emptySelectable, loading, disabled, testId } = props;
  return (
    <ControlledField<V, string>
      {...props}
      renderControl={(field, invalid) => (
        <OptionSelect
          {...{ ref: field.ref, name: field.name, value: field.value, onBlur: field.onBlur }}
          onChange={(event) => {
            field.onChange(event.currentTarget.value);
            onValueChange?.(event.currentTarget.value);
          }}
          {...{ options: choices, placeholder, emptySelectable, loading, invalid, disabled, size }}
          aria-label={props['aria-label']}
          data-testid={testId}
        />
      )}
    />
  );
}

export type RemoteSelectFieldProps<V extends FieldValues> = FieldProps<V> &
  Pick<RemoteSelectProps, 'selected' | 'search' | 'queryKey' | 'placeholder' | 'disabled'> & { label: string };

/** A choice searched on the server as the user types (customers, products); the value is the option's id. */
export function RemoteSelectField<V extends FieldValues>(props: RemoteSelectFieldProps<V>) {
  const { label, testId, selected, search, queryKey, placeholder, disabled } = props;
  return (
    <ControlledField<V, string>
      {...props}
      renderControl={(field, invalid) => (
        <RemoteSelect value={field.value} onChange={(option) => field.onChange(option?.value ?? '')} {...{ selected, search, queryKey, placeholder, invalid, disabled }} aria-label={label} data-testid={testId} />
      )}
    />
  );
}

export interface RadioFieldProps<V extends FieldValues> extends FieldProps<V> {
  options: readonly { value: string; label: ReactNode; colorPalette?: string }[];
  /** Space between the choices (default 4). */
  gap?: string;
  /** After the form took the new choice. */
  onValueChange?: (value: string) => void;
}

/**
 * One choice among a few, all in view (radio buttons in a row). The group gets `testId`, each
 * choice `${testId}-${value}`; the label is the group's legend.
 */
export function RadioField<V extends FieldValues>({ name, label, helper, testId, rules, error: own, options: choices, gap = '4', onValueChange }: RadioFieldProps<V>) {
  return (
    <Controller<V>
      name={name}
      rules={options(rules)}
      render={({ field, fieldState }) => {
        const error = own ?? fieldState.error?.message;
        return (
          <Fieldset.Root invalid={!!error}>
            {label !== undefined ? (
              <Fieldset.Legend textStyle="sm" fontWeight="medium">
                {label}
              </Fieldset.Legend>
            ) : null}
            <RadioGroup.Root
              size="sm"
              name={field.name}
              value={field.value}
              onValueChange={(details) => {
                field.onChange(details.value ?? '');
                onValueChange?.(details.value ?? '');
              }}
              data-testid={testId}
            >
              <HStack gap={gap} wrap="wrap">
                {choices.map((choice) => (
                  <RadioGroup.Item key={choice.value} value={choice.value} colorPalette={choice.colorPalette} data-testid={testId ? `${testId}-${choice.value}` : undefined}>
                    <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{choice.label}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </HStack>
            </RadioGroup.Root>
            {helper && !error ? <Fieldset.HelperText>{helper}</Fieldset.HelperText> : null}
            <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
          </Fieldset.Root>
        );
      }}
    />
  );
}

export type ChecklistFieldProps<V extends FieldValues> = FieldProps<V, string[]> &
  Omit<OptionChecklistProps, 'value' | 'onChange' | 'label' | 'testId'> & { label: string };

/** A multiple choice (a list of checkboxes) whose value is the list of checked options. */
export function ChecklistField<V extends FieldValues>({ testId, ...props }: ChecklistFieldProps<V>) {
  const { label, options: choices, loading, emptyText, columns, maxHeight, disabled } = props;
  return (
    <ControlledField<V, string[]>
      {...props}
      renderControl={(field) => (
        <OptionChecklist value={field.value as string[]} onChange={field.onChange} {...{ label, options: choices, loading, emptyText, columns, maxHeight, disabled, testId }} />
      )}
    />
  );
}
