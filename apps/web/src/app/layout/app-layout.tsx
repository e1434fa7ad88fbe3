import { Box, Drawer, Fab, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { ChatNotifier } from '../../features/chat/components/chat-notifier';
import { DevicesRealtime } from '../../features/devices/components/devices-realtime';
import { accessSubjectOf, useAccount, useCan } from '../../shared/account/use-account';
import MenuIcon from '../../shared/icons/Menu';
import { FLOATING_BUTTONS_CLEARANCE } from '../../shared/ui/page-room';
import type { AppRoute } from '../app-routes';
import {
  DeferredFloatingChat,
  DeferredPaymentOutcome,
  DeferredPopupAnnouncement,
  DeferredTaskBell,
} from './deferred-parts';
import { Footer } from './footer';
import { Header } from './header';
import { ImpersonationBanner } from './impersonation-banner';
import { Sidebar } from './sidebar';

export const SIDEBAR_WIDTH = 264;

export type RouteHandle = { entry?: AppRoute };

const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null && 'entry' in handle;

/** The page's own padding on each side. */
const PAGE_PADDING = { xs: 2, md: 3 };

/** Sidebar, header, page and footer; which of them show depends on the current route's chrome. */
export const AppLayout = () => {
  const { t } = useTranslation();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const subject = accessSubjectOf(useAccount());
  const matches = useMatches();
  const handle = matches.map((match) => match.handle).findLast(isRouteHandle);
  const chrome = handle?.entry?.chrome ?? {};
  const hasHeader = chrome.hasHeader ?? true;
  const hasFooter = chrome.hasFooter ?? true;
  const hasSidebar = chrome.hasSidebar ?? true;
  const isFullBleed = chrome.isFullBleed ?? false;
  const can = useCan();
  const canChat = can('chat.view');
  const hasFloatingButtons = canChat || can('task.view');

  const closeDrawer = () => setIsDrawerOpen(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {hasSidebar && isDesktop && (
        <Drawer
          variant="permanent"
          sx={{
            width: SIDEBAR_WIDTH,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' },
          }}
        >
          <Sidebar subject={subject} />
        </Drawer>
      )}
      {hasSidebar && !isDesktop && (
        <Drawer
          variant="temporary"
          open={isDrawerOpen}
          onClose={closeDrawer}
          sx={{ '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } }}
        >
          <Sidebar subject={subject} onNavigate={closeDrawer} />
        </Drawer>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <ImpersonationBanner />
        {hasHeader && (
          <Header hasMenuToggle={hasSidebar && !isDesktop} onMenuToggle={() => setIsDrawerOpen(true)} />
        )}
        {!hasHeader && hasSidebar && !isDesktop && (
          // Chat screens have no header, so on small screens the menu needs its own way in.
          <Fab
            size="small"
            color="primary"
            aria-label={t('header.openMenu')}
            onClick={() => setIsDrawerOpen(true)}
            sx={{ position: 'fixed', top: 12, insetInlineStart: 12, zIndex: theme.zIndex.appBar }}
          >
            <MenuIcon />
          </Fab>
        )}
        <Box
          component="main"
          sx={
            isFullBleed
              ? { flex: 1, minWidth: 0 }
              : {
                  flex: 1,
                  // Each side on its own: a responsive shorthand's wider breakpoint would undo the bottom.
                  px: PAGE_PADDING,
                  pt: !hasHeader && hasSidebar && !isDesktop ? 9 : PAGE_PADDING,
                  // The chat button and the due-tasks bell float at the bottom corner: the page's last
                  // actions (Save, a table's pages) can always scroll clear of them.
                  pb: hasFloatingButtons ? `${FLOATING_BUTTONS_CLEARANCE}px` : PAGE_PADDING,
                }
          }
        >
          <Outlet />
        </Box>
        {hasFooter && <Footer />}
      </Box>
      {canChat && <ChatNotifier />}
      {canChat && <DeferredFloatingChat />}
      {can('device.view') && <DevicesRealtime />}
      {hasFloatingButtons && <DeferredTaskBell />}
      <DeferredPopupAnnouncement />
      <DeferredPaymentOutcome />
    </Box>
  );
};
