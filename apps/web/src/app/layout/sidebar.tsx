import type { AccessSubject } from '@conversa/domain';
import {
  Box,
  Button,
  Divider,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { APP_ROUTES, type AppRoute, appPath, MARKETPLACE_ROUTE } from '../app-routes';
import { canOpenRoute } from '../route-access';
import { routeIcon } from '../route-icons';

type SidebarProps = { subject: AccessSubject; onNavigate?: () => void };

const MarketplaceIcon = routeIcon(MARKETPLACE_ROUTE);

const NavEntry = ({ entry, onNavigate }: { entry: AppRoute; onNavigate?: () => void }) => {
  const { t } = useTranslation();
  const Icon = routeIcon(entry);
  // A list holds list items only, so each link sits in its own <li>.
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={NavLink}
        to={appPath(entry)}
        onClick={onNavigate}
        data-testid={`nav-${entry.key}`}
        sx={{
          borderRadius: 2,
          mx: 1,
          my: 0.25,
          '&.active': {
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            '& .MuiListItemIcon-root': { color: 'primary.contrastText' },
          },
          '&.active:hover': { bgcolor: 'primary.dark' },
        }}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>
          <Icon />
        </ListItemIcon>
        <ListItemText primary={t(entry.titleKey)} />
      </ListItemButton>
    </ListItem>
  );
};

/**
 * The navigation: only the modules the user may open; the admin section (the console) only for the master
 * account, and first, so the console's entries show without scrolling.
 */
export const Sidebar = ({ subject, onNavigate }: SidebarProps) => {
  const { t } = useTranslation();
  const allowed = APP_ROUTES.filter((entry) => entry.section && canOpenRoute(subject, entry));
  const main = allowed.filter((entry) => entry.section === 'main');
  const admin = subject.account === 'master' ? allowed.filter((entry) => entry.section === 'admin') : [];
  const hasMarketplace = canOpenRoute(subject, MARKETPLACE_ROUTE);

  return (
    <Box
      component="nav"
      aria-label={t('nav.label')}
      data-testid="sidebar"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflowY: 'auto', py: 1 }}
    >
      {admin.length > 0 && (
        <>
          <List
            data-testid="sidebar-admin"
            subheader={
              <ListSubheader sx={{ bgcolor: 'transparent', lineHeight: '36px' }}>
                {t('nav.adminSection')}
              </ListSubheader>
            }
          >
            {admin.map((entry) => (
              <NavEntry key={entry.key} entry={entry} onNavigate={onNavigate} />
            ))}
          </List>
          <Divider sx={{ my: 1 }} />
        </>
      )}
      <List dense={false}>
        {main.map((entry) => (
          <NavEntry key={entry.key} entry={entry} onNavigate={onNavigate} />
        ))}
      </List>
      {hasMarketplace && (
        <Box sx={{ mt: 'auto', p: 2 }}>
          <Button
            component={NavLink}
            to={appPath(MARKETPLACE_ROUTE)}
            onClick={onNavigate}
            variant="contained"
            color="secondary"
            fullWidth
            startIcon={<MarketplaceIcon />}
            data-testid="nav-marketplace"
          >
            {t('nav.marketplace')}
          </Button>
        </Box>
      )}
    </Box>
  );
};
