import { TagsInput } from '@chakra-ui/react';
import { isCountryCode, isPostalCode } from './model';

interface TagListInputProps {
  value: string[];
  onChange: (value: string[]) => void;
  /** `country`: two letters; `postal`: a postal code or prefix (`PH*`); both upper-cased. */
  kind: 'country' | 'postal';
  label: string;
  placeholder?: string;
  invalid?: boolean;
  readOnly?: boolean;
  errorKey?: string;
  testId?: string;
}

const DELIMITER = /[,;\s]+/;

/** Upper-cased, without blanks and repeats. */
const normalize = (values: string[]) => {
  const out: string[] = [];
  for (const raw of values) {
    const value = raw.trim().toUpperCase();
    if (value && !out.includes(value)) out.push(value);
  }
  return out;
};

/**
 * A list of short values typed one by one (Enter, comma or space adds; pasting "US, CA" adds both;
 * Backspace on an empty input selects the last, then removes it).
 */
export function TagListInput({ value, onChange, kind, label, placeholder, invalid, readOnly, errorKey, testId }: TagListInputProps) {
  return (
    <TagsInput.Root
      size="sm"
      value={value}
      onValueChange={(details) => onChange(normalize(details.value))}
      sanitizeValue={(raw) => raw.trim().toUpperCase()}
      validate={(details) => {
        // A paste ("US, CA") comes as one value: every part must pass.
        const parts = details.inputValue
          .split(DELIMITER)
          .map((part) => part.trim().toUpperCase())
          .filter((part) => part !== '');
        return parts.length > 0 && parts.every(kind === 'country' ? isCountryCode : isPostalCode);
      }}
      delimiter={DELIMITER}
      addOnPaste
      blurBehavior="add"
      editable={false}
      invalid={invalid}
      readOnly={readOnly}
      data-testid={testId}
    >
      <TagsInput.Control minHeight="8">
        {value.map((tag, index) => (
          <TagsInput.Item key={tag} index={index} value={tag}>
            <TagsInput.ItemPreview>
              <TagsInput.ItemText fontFamily="mono">{tag}</TagsInput.ItemText>
              <TagsInput.ItemDeleteTrigger />
            </TagsInput.ItemPreview>
          </TagsInput.Item>
        ))}
        <TagsInput.Input
          placeholder={value.length === 0 ? placeholder : undefined}
          aria-label={label}
          data-error-key={errorKey}
          textTransform="uppercase"
          minWidth="12"
        />
      </TagsInput.Control>
      <TagsInput.HiddenInput />
    </TagsInput.Root>
  );
}
