import { NativeSelect, type NativeSelectRootProps } from '@chakra-ui/react';
import type { ChangeEventHandler, FocusEventHandler, Ref } from 'react';
import { useTranslation } from 'react-i18next';

export interface SelectOption {
  value: string;
  label: string;
}

export interface OptionSelectProps {
  options: readonly SelectOption[];
  value?: string;
  onChange?: ChangeEventHandler<HTMLSelectElement>;
  onBlur?: FocusEventHandler<HTMLSelectElement>;
  name?: string;
  /** Text of the empty choice; without it there is no empty choice. */
  placeholder?: string;
  /** The empty choice may be picked (filters: "all"); otherwise it only shows until a choice is made. */
  emptySelectable?: boolean;
  loading?: boolean;
  invalid?: boolean;
  disabled?: boolean;
  size?: NativeSelectRootProps['size'];
  id?: string;
  'aria-label'?: string;
  'data-testid'?: string;
  /** Where a jump to the field's message lands (forms that list their messages). */
  'data-error-key'?: string;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A native select of options (keyboard and phone friendly). Works controlled (`value`/`onChange`)
 * and with react-hook-form's `register` (the ref reaches the `<select>`). A value that is not
 * among the options (a record pointing at something no longer listed) stays shown as itself.
 */
export function OptionSelect({
  options,
  value,
  onChange,
  onBlur,
  name,
  placeholder,
  emptySelectable = true,
  loading = false,
  invalid = false,
  disabled = false,
  size = 'sm',
  id,
  'aria-label': ariaLabel,
  'data-testid': testId,
  'data-error-key': errorKey,
  ref,
}: OptionSelectProps) {
  const { t } = useTranslation();
  const unknown = value !== undefined && value !== '' && !options.some((option) => option.value === value);
  return (
    <NativeSelect.Root size={size} invalid={invalid} disabled={disabled} aria-busy={loading || undefined}>
      <NativeSelect.Field ref={ref} id={id} name={name} value={value} onChange={onChange} onBlur={onBlur} aria-label={ariaLabel} data-testid={testId} data-error-key={errorKey}>
        {placeholder !== undefined ? (
          <option value="" disabled={!emptySelectable}>
            {loading ? t('loading') : placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {unknown ? <option value={value}>{loading ? t('loading') : value}</option> : null}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
