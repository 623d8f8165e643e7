/** Search bar fields bound to a list page's draft filters. */
import { Field, Input, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DictSelect } from '../DictSelect';
import { OptionSelect, type SelectOption } from '../form/OptionSelect';
import { RemoteSelect, type RemoteSelectProps } from '../form/RemoteSelect';
import type { TextFilters } from './useListPage';

/** What the fields need of a list page (any row type). */
interface DraftOf<F extends TextFilters> {
  draft: F;
  setDraftValue: (name: keyof F & string, value: string) => void;
  applyNow: (name: keyof F & string, value: string) => void;
}

interface FilterFieldProps<F extends TextFilters> {
  page: DraftOf<F>;
  name: keyof F & string;
  label: ReactNode;
  testId?: string;
}

/** A text filter. `transform` rewrites what is typed (e.g. upper case). */
export function FilterText<F extends TextFilters>({
  page,
  name,
  label,
  testId,
  transform,
  ...input
}: FilterFieldProps<F> & Omit<InputProps, 'value' | 'onChange' | 'name'> & { transform?: (value: string) => string }) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input
        size="sm"
        value={page.draft[name]}
        onChange={(event) => page.setDraftValue(name, transform ? transform(event.currentTarget.value) : event.currentTarget.value)}
        data-testid={testId}
        {...input}
      />
    </Field.Root>
  );
}

/**
 * A select filter whose empty choice is "all" (`allLabel`; without it there is no empty choice).
 * `immediate` applies the choice at once (a quick filter such as the supplier), otherwise Search does.
 */
export function FilterSelect<F extends TextFilters>({
  page,
  name,
  label,
  testId,
  options,
  allLabel,
  immediate = false,
  loading,
}: FilterFieldProps<F> & { options: readonly SelectOption[]; allLabel?: string; immediate?: boolean; loading?: boolean }) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <OptionSelect
        options={options}
        value={page.draft[name]}
        onChange={(event) => (immediate ? page.applyNow : page.setDraftValue)(name, event.currentTarget.value)}
        placeholder={allLabel}
        loading={loading}
        data-testid={testId}
      />
    </Field.Root>
  );
}

/** A filter on a dictionary's items; the empty choice is "all". */
export function FilterDict<F extends TextFilters>({ page, name, label, testId, code, allLabel }: FilterFieldProps<F> & { code: string; allLabel: string }) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <DictSelect code={code} value={page.draft[name]} onChange={(value) => page.setDraftValue(name, value)} placeholder={allLabel} data-testid={testId} />
    </Field.Root>
  );
}

/** Select options of known codes with their labels: `labelled(['1', '2'], (status) => t(`status.${status}`))`. */
export const labelled = <K extends string>(values: readonly K[], label: (value: K) => string): SelectOption[] => values.map((value) => ({ value, label: label(value) }));

/** A filter picked from a server search (a customer, a product). */
export function FilterRemote<F extends TextFilters>({
  page,
  name,
  label,
  testId,
  ...select
}: FilterFieldProps<F> & { label: string } & Pick<RemoteSelectProps, 'search' | 'queryKey' | 'placeholder'>) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <RemoteSelect value={page.draft[name]} onChange={(option) => page.setDraftValue(name, option?.value ?? '')} aria-label={label} data-testid={testId} {...select} />
    </Field.Root>
  );
}
