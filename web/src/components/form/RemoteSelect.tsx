import { Box, Combobox, HStack, Portal, Spinner, Text, createListCollection } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** One choice of a {@link RemoteSelect}: the id sent to the server and what the user reads. */
export interface RemoteOption {
  value: string;
  label: string;
  /** A second line (a code, a username…). */
  hint?: string;
}

export interface RemoteSelectProps {
  /** The chosen id (`''` for none). */
  value: string;
  /** The chosen option when the form opens on an existing record (its label may not be among the first answers). */
  selected?: RemoteOption;
  onChange: (option: RemoteOption | undefined) => void;
  /** Asks the server for the options matching a keyword (`''` = the first ones). */
  search: (keyWord: string, signal: AbortSignal) => Promise<RemoteOption[]>;
  /** The query key prefix of the answers (the keyword is appended). */
  queryKey: readonly unknown[];
  placeholder?: string;
  invalid?: boolean;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

export const SEARCH_DELAY_MS = 300;

/**
 * A type-ahead picker over a server search (customers, products): typing asks the server (after a
 * short pause), arrows move, Enter or a click picks, the clear button empties the choice.
 */
export function RemoteSelect({ value, selected, onChange, search, queryKey, placeholder, invalid = false, disabled = false, id, 'aria-label': ariaLabel, 'data-testid': testId }: RemoteSelectProps) {
  const { t } = useTranslation('dataTable');
  const [chosen, setChosen] = useState<RemoteOption | undefined>(selected);
  const [inputValue, setInputValue] = useState(selected?.label ?? '');
  const [keyWord, setKeyWord] = useState('');
  // Nothing is asked of the server until the list is first opened.
  const [opened, setOpened] = useState(false);

  // The form reset or changed the value from outside: follow it (state adjusted during render).
  const [lastValue, setLastValue] = useState(value);
  if (lastValue !== value) {
    setLastValue(value);
    if (value === '') {
      setChosen(undefined);
      setInputValue('');
    } else if (chosen?.value !== value && selected?.value === value) {
      setChosen(selected);
      setInputValue(selected.label);
    }
  }

  // The chosen label in the box means "no keyword": the list shows the first options again.
  const typed = inputValue.trim() === (chosen?.label ?? '').trim() ? '' : inputValue.trim();
  useEffect(() => {
    const timer = window.setTimeout(() => setKeyWord(typed), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);

  const query = useQuery({
    queryKey: [...queryKey, keyWord],
    queryFn: ({ signal }) => search(keyWord, signal),
    enabled: !disabled && opened,
    // The last answer stays listed while the next keyword is asked.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  const items = useMemo(() => {
    const found = query.data ?? [];
    return chosen && !found.some((option) => option.value === chosen.value) ? [chosen, ...found] : found;
  }, [query.data, chosen]);
  const collection = useMemo(
    () => createListCollection<RemoteOption>({ items, itemToValue: (option) => option.value, itemToString: (option) => option.label }),
    [items],
  );

  return (
    <Combobox.Root
      collection={collection}
      value={value ? [value] : []}
      onValueChange={(details) => {
        const option = details.items[0];
        setChosen(option);
        if (option) setInputValue(option.label);
        onChange(option);
      }}
      inputValue={inputValue}
      onInputValueChange={(details) => {
        setInputValue(details.inputValue);
        if (details.inputValue === '' && value !== '') {
          setChosen(undefined);
          onChange(undefined);
        }
      }}
      onOpenChange={(details) => {
        if (details.open) setOpened(true);
      }}
      inputBehavior="autohighlight"
      openOnClick
      lazyMount
      unmountOnExit
      size="sm"
      width="full"
      invalid={invalid}
      disabled={disabled}
      positioning={{ sameWidth: true }}
      data-testid={testId}
    >
      <Combobox.Control>
        <Combobox.Input id={id} placeholder={placeholder} aria-label={ariaLabel} data-testid={testId ? `${testId}-input` : undefined} />
        <Combobox.IndicatorGroup>
          {query.isFetching ? <Spinner size="xs" color="fg.muted" /> : null}
          <Combobox.ClearTrigger aria-label={t('clearSelection')} data-testid={testId ? `${testId}-clear` : undefined} />
          <Combobox.Trigger />
        </Combobox.IndicatorGroup>
      </Combobox.Control>
      <Portal>
        <Combobox.Positioner>
          <Combobox.Content data-testid={testId ? `${testId}-options` : undefined}>
            <Combobox.Empty px="3" py="2" color="fg.muted">
              {query.isFetching ? t('loading') : t('empty.title')}
            </Combobox.Empty>
            {items.map((option) => (
              <Combobox.Item key={option.value} item={option} data-testid={testId ? `${testId}-option` : undefined}>
                <HStack justify="space-between" gap="3" minWidth="0" width="full">
                  <Box minWidth="0">
                    <Combobox.ItemText>{option.label}</Combobox.ItemText>
                    {option.hint ? (
                      <Text textStyle="xs" color="fg.muted" truncate>
                        {option.hint}
                      </Text>
                    ) : null}
                  </Box>
                  <Combobox.ItemIndicator />
                </HStack>
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Portal>
    </Combobox.Root>
  );
}
