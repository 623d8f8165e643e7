import { Box, Checkbox, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';

export interface ChecklistOption {
  value: string;
  label: string;
  /** Indentation level (trees flattened into a list). */
  depth?: number;
  hint?: string;
}

/**
 * A multiple choice as a bordered list of checkboxes (roles, departments, positions). Props:
 * `options`, `value` (checked values), `onChange(values)`, `loading`, `emptyText`, `columns`
 * (per breakpoint), `maxHeight`, `label` (accessible name), `invalid`.
 */
export interface OptionChecklistProps {
  options: ChecklistOption[];
  value: string[];
  onChange: (value: string[]) => void;
  loading?: boolean;
  emptyText: string;
  columns?: { base?: number; sm?: number; md?: number };
  maxHeight?: string;
  label: string;
  disabled?: boolean;
  testId?: string;
}

export function OptionChecklist({ options, value, onChange, loading, emptyText, columns = { base: 1 }, maxHeight = '48', label, disabled, testId }: OptionChecklistProps) {
  const baseId = useId();
  const selected = new Set(value);
  const toggle = (option: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(option);
    else next.delete(option);
    // Keep the options' order.
    onChange(options.map((entry) => entry.value).filter((entry) => next.has(entry)));
  };
  return (
    <Box borderWidth="1px" rounded="md" paddingX="3" paddingY="2" maxHeight={maxHeight} overflowY="auto" as="fieldset" minWidth="0" aria-label={label} data-testid={testId} width="full">
      {loading ? (
        <Stack gap="2" paddingY="1">
          <Skeleton height="4" />
          <Skeleton height="4" />
          <Skeleton height="4" width="60%" />
        </Stack>
      ) : options.length === 0 ? (
        <Text textStyle="sm" color="fg.muted" paddingY="1">
          {emptyText}
        </Text>
      ) : (
        <SimpleGrid columns={columns} columnGap="4" rowGap="1.5">
          {options.map((option, index) => (
            <Checkbox.Root
              key={option.value}
              size="sm"
              checked={selected.has(option.value)}
              disabled={disabled}
              onCheckedChange={(details) => toggle(option.value, details.checked === true)}
              // Own ids: inside a Field every checkbox would take the field's one input id, and
              // a click on any label would toggle the first option.
              ids={{ hiddenInput: `${baseId}-${index}`, label: `${baseId}-${index}-label` }}
              paddingStart={option.depth ? `calc(${option.depth} * var(--chakra-spacing-4))` : undefined}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label fontWeight="normal">
                {option.label}
                {option.hint ? (
                  <Text as="span" color="fg.subtle" marginStart="1.5" textStyle="xs">
                    {option.hint}
                  </Text>
                ) : null}
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
