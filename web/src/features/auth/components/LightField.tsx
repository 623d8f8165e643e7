/**
 * The sign-in forms' fields: Chakra's `Field.Root`, `Field.Label`, `Field.ErrorText` and `Input`
 * as they use them (`invalid` on the root), styled by the same recipes with the same elements,
 * ids and attributes, without Ark's field and its helpers, which the first page would otherwise
 * download for this alone (bench/README.md, "Page weight"). The root is a labelled group; the
 * label names the input; when the field is invalid, the input says so and points at the error
 * text, which is announced politely.
 */
import { createRecipeContext, createSlotRecipeContext, type HTMLChakraProps } from '@chakra-ui/react';
import { createContext, forwardRef, useContext, useId, type ReactNode } from 'react';

const { withProvider, withContext } = createSlotRecipeContext({ key: 'field' });
const StyledRoot = withProvider<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'root');
const StyledLabel = withContext<HTMLLabelElement, HTMLChakraProps<'label'>>('label', 'label');
const StyledErrorText = withContext<HTMLSpanElement, HTMLChakraProps<'span'>>('span', 'errorText');
const { withContext: withInputRecipe } = createRecipeContext({ key: 'input' });
const StyledInput = withInputRecipe<HTMLInputElement, HTMLChakraProps<'input'> & { size?: '2xs' | 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl' }>('input');

interface FieldState {
  invalid: boolean;
  ids: { root: string; control: string; label: string; errorText: string };
}

const FieldContext = createContext<FieldState | null>(null);

const part = (name: string) => ({ 'data-scope': 'field', 'data-part': name });
const flag = (on: boolean) => (on ? '' : undefined);

function Root({ invalid = false, children, ...rest }: HTMLChakraProps<'div'> & { invalid?: boolean; children: ReactNode }) {
  const id = useId();
  const state: FieldState = {
    invalid,
    ids: { root: `field::${id}`, control: id, label: `field::${id}::label`, errorText: `field::${id}::error-text` },
  };
  return (
    <FieldContext.Provider value={state}>
      {/* Ark's field root is a div with role=group, not a fieldset (which styles and groups differently). */}
      {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role */}
      <StyledRoot {...part('root')} id={state.ids.root} role="group" data-invalid={flag(invalid)} {...rest}>
        {children}
      </StyledRoot>
    </FieldContext.Provider>
  );
}

function useField(): FieldState {
  const state = useContext(FieldContext);
  if (!state) throw new Error('Field parts must be inside Field.Root');
  return state;
}

function Label(props: HTMLChakraProps<'label'>) {
  const field = useField();
  return <StyledLabel {...part('label')} id={field.ids.label} data-invalid={flag(field.invalid)} htmlFor={field.ids.control} {...props} />;
}

function ErrorText(props: HTMLChakraProps<'span'>) {
  const field = useField();
  if (!field.invalid) return null;
  return <StyledErrorText id={field.ids.errorText} {...part('error-text')} aria-live="polite" {...props} />;
}

export const Field = { Root, Label, ErrorText };

/** Chakra's `Input` inside a `Field.Root` above: its id, validity and error text come from the field. */
export const Input = forwardRef<HTMLInputElement, HTMLChakraProps<'input'> & { size?: 'lg' }>(function Input(props, ref) {
  const field = useContext(FieldContext);
  return (
    <StyledInput
      ref={ref}
      aria-errormessage={field?.invalid ? field.ids.errorText : undefined}
      aria-invalid={field?.invalid ? true : undefined}
      data-invalid={flag(field?.invalid ?? false)}
      id={field?.ids.control}
      {...part('input')}
      {...props}
    />
  );
});
