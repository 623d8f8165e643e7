import type { SelectOption } from './OptionSelect';

/** The status filter's choices (1 in use, 0 stopped); the empty choice is "all". */
export const statusOptions = (label: (status: '1' | '0') => string): SelectOption[] => [
  { value: '1', label: label('1') },
  { value: '0', label: label('0') },
];

/** Whether `value` is one of the known codes `list` (narrows it for typed translation keys). */
export function isOneOf<K extends string>(list: readonly K[], value: string | null | undefined): value is K {
  return value !== null && value !== undefined && (list as readonly string[]).includes(value);
}
