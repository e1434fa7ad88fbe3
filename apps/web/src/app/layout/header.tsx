import { AppBar, Box, IconButton, Toolbar } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUpdateCurrentUser } from '../../shared/account/api/update-user';
import MenuIcon from '../../shared/icons/Menu';
import { PATHS } from '../../shared/paths';
import { LanguageSwitcher } from '../../shared/ui/language-switcher';
import { Logo } from '../../shared/ui/logo';
import { BalanceMenu } from './balance-menu';
import { DeferredNavSearch, DeferredReleaseNewsButton } from './deferred-parts';
import { UserMenu } from './user-menu';

type HeaderProps = { hasMenuToggle: boolean; onMenuToggle: () => void };

export const Header = ({ hasMenuToggle, onMenuToggle }: HeaderProps) => {
  const { t } = useTranslation();
  const updateUser = useUpdateCurrentUser();

  return (
    <AppBar position="sticky" color="primary" data-testid="header">
      <Toolbar sx={{ gap: 1 }}>
        {hasMenuToggle && (
          <IconButton color="inherit" edge="start" aria-label={t('header.openMenu')} onClick={onMenuToggle}>
            <MenuIcon />
          </IconButton>
        )}
        <Box
          component={Link}
          to={PATHS.home}
          aria-label="Conversa"
          sx={{ color: 'inherit', textDecoration: 'none', marginInlineEnd: 1 }}
        >
          <Logo isTextHiddenOnPhones />
        </Box>
        <Box sx={{ flex: 1 }} />
        <DeferredNavSearch />
        <DeferredReleaseNewsButton />
        <BalanceMenu />
        {/* The switch shows at once; saving it on the user follows in the background. */}
        <LanguageSwitcher onChange={(language) => updateUser.mutate({ language })} />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
};
