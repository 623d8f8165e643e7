import { Button, type ButtonProps } from '@chakra-ui/react';
import { forwardRef, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, toLanguage } from '../i18n';
import { ChevronDownIcon, GlobeIcon } from './icons';

// The menu (and its positioning code) loads when first wanted, not with the sign-in page.
const loadMenu = () => import('./LanguageMenu');
const LanguageMenu = lazy(loadMenu);
const preloadMenu = () => void loadMenu();

interface LanguageButtonProps extends ButtonProps {
  compact?: boolean;
}

/** The switch's button: globe, current language, chevron (the menu's trigger once it is loaded). */
export const LanguageButton = forwardRef<HTMLButtonElement, LanguageButtonProps>(function LanguageButton(
  { compact = false, ...rest },
  ref,
) {
  const { t, i18n } = useTranslation();
  const active = toLanguage(i18n.language) ?? currentLanguage();
  return (
    <Button ref={ref} variant="ghost" size="sm" aria-label={t('language.switch')} data-testid="language-switch" {...rest}>
      <GlobeIcon />
      {compact ? null : t(`language.${active}`)}
      {compact ? null : <ChevronDownIcon boxSize="3.5" color="fg.muted" />}
    </Button>
  );
});

/** 中文 / English menu; the choice is kept in the `client_lang` cookie. */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const [wanted, setWanted] = useState(false);
  if (wanted) {
    return (
      <Suspense fallback={<LanguageButton compact={compact} aria-haspopup="menu" aria-expanded />}>
        <LanguageMenu compact={compact} />
      </Suspense>
    );
  }
  return (
    <LanguageButton
      compact={compact}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preloadMenu}
      onFocus={preloadMenu}
      onClick={() => setWanted(true)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          setWanted(true);
        }
      }}
    />
  );
}
