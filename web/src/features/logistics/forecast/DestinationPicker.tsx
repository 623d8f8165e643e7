import { Badge, Box, Combobox, HStack, Portal, Text, createListCollection } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TruckIcon } from '../../../components/icons';
import { useLanguage } from '../../../i18n';
import { destinationName, searchDestinations, type Destination } from './countries';

/** Options shown at once (the list narrows as the user types). */
const MAX_OPTIONS = 60;

export interface DestinationPickerProps {
  destinations: readonly Destination[];
  /** Countries some product of the bundle serves (listed first, marked). */
  served: ReadonlySet<string>;
  /** The chosen code (`''` for none). */
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  id?: string;
}

/**
 * The destination country: type a code or a Chinese or English name; arrows move, Enter or a
 * click picks. The chosen country shows as "name (code)".
 */
export function DestinationPicker({ destinations, served, value, onChange, onBlur, invalid = false, id }: DestinationPickerProps) {
  const { t } = useTranslation('forecast');
  const lang = useLanguage();
  const chosen = destinations.find((d) => d.code === value);
  const label = (d: Destination) => `${destinationName(d, lang)} (${d.code})`;
  const [inputValue, setInputValue] = useState(chosen ? label(chosen) : '');
  const [typing, setTyping] = useState(false);

  // The value or the language changed from outside: show the chosen label (state adjusted during render).
  const shown = chosen ? label(chosen) : '';
  const [lastShown, setLastShown] = useState(shown);
  if (lastShown !== shown) {
    setLastShown(shown);
    if (!typing) setInputValue(shown);
  }

  const query = typing ? inputValue : '';
  const items = useMemo(() => searchDestinations(destinations, query, lang, served).slice(0, MAX_OPTIONS), [destinations, query, lang, served]);
  const collection = useMemo(
    () => createListCollection<Destination>({ items, itemToValue: (d) => d.code, itemToString: (d) => `${destinationName(d, lang)} (${d.code})` }),
    [items, lang],
  );

  return (
    <Combobox.Root
      collection={collection}
      value={value ? [value] : []}
      onValueChange={(details) => {
        const picked = details.items[0];
        setTyping(false);
        if (picked) {
          setInputValue(label(picked));
          onChange(picked.code);
        }
      }}
      inputValue={inputValue}
      onInputValueChange={(details) => {
        setInputValue(details.inputValue);
        // Typing (not the label set after a pick) filters the list.
        setTyping(details.reason === 'input-change');
        if (details.inputValue === '' && value !== '') onChange('');
      }}
      onOpenChange={(details) => {
        // Left without a pick: the box shows the chosen country again.
        if (!details.open && (details.reason === 'interact-outside' || details.reason === 'escape-key')) {
          setTyping(false);
          setInputValue(shown);
        }
      }}
      inputBehavior="autohighlight"
      openOnClick
      width="full"
      invalid={invalid}
      positioning={{ sameWidth: true }}
      data-testid="forecast-country"
    >
      <Combobox.Control>
        <Combobox.Input id={id} placeholder={t('form.countryPlaceholder')} aria-label={t('form.country')} onBlur={onBlur} data-testid="forecast-country-input" />
        <Combobox.IndicatorGroup>
          <Combobox.ClearTrigger aria-label={t('form.clearCountry')} />
          <Combobox.Trigger aria-label={t('form.showCountries')} />
        </Combobox.IndicatorGroup>
      </Combobox.Control>
      <Portal>
        <Combobox.Positioner>
          <Combobox.Content maxHeight="72" data-testid="forecast-country-options">
            <Combobox.Empty px="3" py="2" color="fg.muted">
              {t('form.noCountry')}
            </Combobox.Empty>
            {items.map((d) => (
              <Combobox.Item key={d.code} item={d} data-testid="forecast-country-option">
                <HStack justify="space-between" gap="3" minWidth="0" width="full">
                  <HStack gap="2" minWidth="0">
                    <Badge size="sm" variant="outline" fontFamily="mono" flexShrink={0}>
                      {d.code}
                    </Badge>
                    <Box minWidth="0">
                      <Combobox.ItemText truncate>{destinationName(d, lang)}</Combobox.ItemText>
                      <Text textStyle="xs" color="fg.muted" truncate>
                        {lang === 'zh-CN' ? d.nameEn : d.nameZh}
                      </Text>
                    </Box>
                  </HStack>
                  {served.has(d.code) ? (
                    <Box color="green.fg" title={t('form.served')} aria-label={t('form.served')} flexShrink={0} display="flex">
                      <TruckIcon boxSize="4" />
                    </Box>
                  ) : null}
                </HStack>
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Portal>
    </Combobox.Root>
  );
}
