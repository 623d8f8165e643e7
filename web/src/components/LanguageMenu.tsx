/** The language menu of `LanguageSwitch`, opened as soon as it loads (the user asked for it). */
import { Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, currentLanguage, setLanguage, toLanguage } from '../i18n';
import { LanguageButton } from './LanguageSwitch';

export default function LanguageMenu({ compact }: { compact: boolean }) {
  const { t, i18n } = useTranslation();
  const active = toLanguage(i18n.language) ?? currentLanguage();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen>
      <Menu.Trigger asChild>
        <LanguageButton compact={compact} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="36">
            <Menu.RadioItemGroup
              value={active}
              onValueChange={(details) => {
                const next = toLanguage(details.value);
                if (next) void setLanguage(next);
              }}
            >
              {LANGUAGES.map((language) => (
                <Menu.RadioItem key={language} value={language} data-testid={`language-${language}`}>
                  <Menu.ItemText>{t(`language.${language}`)}</Menu.ItemText>
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
