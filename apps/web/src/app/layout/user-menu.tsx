import { avatarInitialsOf, truncateName } from '@conversa/domain';
import { Avatar, Box, Button, Divider, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/api/logout';
import { useAccount } from '../../shared/account/use-account';
import LogoutOutlined from '../../shared/icons/LogoutOutlined';
import PersonOutline from '../../shared/icons/PersonOutline';
import { PATHS } from '../../shared/paths';
import { visuallyHidden } from '../../shared/ui/table-styles';

export const UserMenu = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAccount();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();

  return (
    <>
      <Button
        color="inherit"
        data-testid="user-menu"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ gap: 1, minWidth: 0 }}
      >
        <Avatar
          aria-hidden="true"
          sx={{
            width: 32,
            height: 32,
            bgcolor: 'secondary.main',
            color: 'secondary.contrastText',
            fontSize: 14,
          }}
        >
          {avatarInitialsOf(user)}
        </Avatar>
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }} data-testid="user-name">
          {truncateName(user.name)}
        </Box>
        {/* No aria-label: the name is what the button shows (WCAG 2.5.3, label in name) and what it opens. */}
        <Box component="span" sx={visuallyHidden}>
          {t('header.userMenu')}
        </Box>
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="subtitle2">{user.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem
          data-testid="profile-link"
          onClick={() => {
            setAnchor(null);
            navigate(PATHS.profile);
          }}
        >
          <ListItemIcon>
            <PersonOutline fontSize="small" />
          </ListItemIcon>
          {t('nav.profile')}
        </MenuItem>
        <MenuItem
          data-testid="logout"
          onClick={() => {
            setAnchor(null);
            logout();
          }}
        >
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          {t('header.logout')}
        </MenuItem>
      </Menu>
    </>
  );
};
