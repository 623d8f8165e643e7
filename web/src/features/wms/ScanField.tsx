/**
 * A scanner's input on the PDA pages: large, monospace, no autocomplete or spelling; a keyboard-
 * wedge scanner's Enter (or the phone's "next" key) calls `onEnter`.
 */
import { Field, Input } from '@chakra-ui/react';
import type { KeyboardEvent, RefObject } from 'react';

export function ScanField({ label, value, onChange, onEnter, inputRef, testId, hint, invalid, inputMode, placeholder }: {
  label: string; value: string; onChange: (value: string) => void; onEnter: () => void; inputRef: RefObject<HTMLInputElement | null>; testId: string; hint?: string; invalid?: boolean; inputMode?: 'numeric' | 'text'; placeholder?: string;
}) {
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onEnter();
    }
  };
  return (
    <Field.Root invalid={invalid}>
      <Field.Label>{label}</Field.Label>
      <Input ref={inputRef} size="lg" fontFamily="mono" value={value} inputMode={inputMode} placeholder={placeholder} autoComplete="off" spellCheck={false} enterKeyHint="next"
        onChange={(event) => onChange(event.currentTarget.value)} onKeyDown={onKey} data-testid={testId} />
      {hint ? <Field.HelperText data-testid={`${testId}-hint`}>{hint}</Field.HelperText> : null}
    </Field.Root>
  );
}
