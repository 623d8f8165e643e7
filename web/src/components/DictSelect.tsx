import { CloseButton, NativeSelect, type NativeSelectRootProps } from '@chakra-ui/react';
import type { FocusEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { useDict } from '../hooks/useDict';
import type { DictItem } from '../lib/dict';

export interface DictSelectProps {
  /** The dictionary code, e.g. `msg_category`. */
  code: string;
  /** The chosen value (`''` for none). */
  value: string | number | null | undefined;
  /** The new value (`''` when cleared) and its item. */
  onChange: (value: string, item: DictItem | undefined) => void;
  /** Text of the empty choice (default "请选择" / "Select"). */
  placeholder?: string;
  /** A button clears the choice, and the empty choice may be picked again (default true). */
  clearable?: boolean;
  size?: NativeSelectRootProps['size'];
  width?: NativeSelectRootProps['width'];
  disabled?: boolean;
  invalid?: boolean;
  id?: string;
  name?: string;
  onBlur?: FocusEventHandler<HTMLSelectElement>;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * A select of a dictionary's items (texts in the UI language). Native underneath, so it works
 * with the keyboard and with phone pickers.
 *
 * ```tsx
 * <DictSelect code="msg_category" value={draft.msgCategory} onChange={(msgCategory) => setDraft({ ...draft, msgCategory })} />
 * ```
 */
export function DictSelect({
  code,
  value,
  onChange,
  placeholder,
  clearable = true,
  size = 'sm',
  width,
  disabled = false,
  invalid = false,
  id,
  name,
  onBlur,
  'aria-label': ariaLabel,
  'data-testid': testId,
}: DictSelectProps) {
  const { t } = useTranslation();
  const { items, find, loading } = useDict(code);
  const current = value === null || value === undefined ? '' : String(value);
  const known = current === '' || find(current) !== undefined;
  const showClear = clearable && current !== '' && !disabled;

  return (
    <NativeSelect.Root size={size} width={width} disabled={disabled} invalid={invalid} aria-busy={loading || undefined}>
      <NativeSelect.Field
        id={id}
        name={name}
        value={current}
        onBlur={onBlur}
        aria-label={ariaLabel}
        data-testid={testId}
        color={current === '' ? 'fg.muted' : undefined}
        paddingEnd={showClear ? '14' : undefined}
        onChange={(event) => {
          const next = event.currentTarget.value;
          onChange(next, find(next));
        }}
      >
        <option value="" disabled={!clearable}>
          {loading ? t('loading') : (placeholder ?? t('dict.placeholder'))}
        </option>
        {items.map((item) => (
          <option key={item.value} value={item.value}>
            {item.text}
          </option>
        ))}
        {known ? null : <option value={current}>{current}</option>}
      </NativeSelect.Field>
      {showClear ? (
        <CloseButton
          size="2xs"
          variant="ghost"
          position="absolute"
          insetEnd="7"
          top="50%"
          transform="translateY(-50%)"
          zIndex="1"
          aria-label={t('dict.clear')}
          data-testid={testId ? `${testId}-clear` : 'dict-select-clear'}
          onClick={() => onChange('', undefined)}
        />
      ) : null}
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
