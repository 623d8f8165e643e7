import { Button, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, currentLanguage, setLanguage, toLanguage } from '../i18n';
import { ChevronDownIcon, GlobeIcon } from './icons';

/** 中文 / English menu; the choice is kept in the `client_lang` cookie. */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const active = toLanguage(i18n.language) ?? currentLanguage();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={t('language.switch')} data-testid="language-switch">
          <GlobeIcon />
          {compact ? null : t(`language.${active}`)}
          {compact ? null : <ChevronDownIcon boxSize="3.5" color="fg.muted" />}
        </Button>
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
