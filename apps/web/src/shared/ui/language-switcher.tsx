import type { Locale } from '@conversa/domain';
import { Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale } from '../i18n';
import { LANGUAGE_OPTIONS } from './flags';

type LanguageSwitcherProps = {
  /** Called after the interface switched, e.g. to save the choice on the signed-in user. */
  onChange?: (locale: Locale) => void;
  color?: 'inherit' | 'primary';
};

export const LanguageSwitcher = ({ onChange, color = 'inherit' }: LanguageSwitcherProps) => {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const locale = i18n.resolvedLanguage ? currentLocale() : 'es';
  const selected = LANGUAGE_OPTIONS.find((option) => option.locale === locale) ?? LANGUAGE_OPTIONS[0]!;
  const SelectedFlag = selected.icon;

  const choose = async (next: Locale) => {
    setAnchor(null);
    if (next === locale) return;
    await changeLocale(next);
    onChange?.(next);
  };

  return (
    <>
      <Button
        color={color}
        data-testid="language-switcher"
        // The name starts with the code the button shows (WCAG 2.5.3, label in name), then says what it does.
        aria-label={`${selected.locale.toUpperCase()}, ${t('language.switch')}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<SelectedFlag />}
        sx={{ textTransform: 'none', minWidth: 0 }}
      >
        {selected.locale.toUpperCase()}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LANGUAGE_OPTIONS.map((option) => {
          const Flag = option.icon;
          return (
            <MenuItem
              key={option.languageId}
              data-testid={`language-option-${option.locale}`}
              selected={option.locale === locale}
              lang={option.locale}
              onClick={() => void choose(option.locale)}
            >
              <ListItemIcon>
                <Flag />
              </ListItemIcon>
              <ListItemText>{option.name}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
};
