import { useState } from 'react';
import { useLocation } from 'react-router';
import { useAccount } from '../../../shared/account/use-account';
import { useMarkSeen, useNewslettersNow } from '../api/newsletters';
import { useNewslettersRealtime } from '../use-newsletters-realtime';
import { PopupCarousel } from './popup-carousel';

/**
 * Shows the pop-ups due that this user has not seen, once: closing the carousel records them as seen, so
 * neither a reload nor another device shows them again. Not to the master acting as the owner: they are the
 * owner's to see, and the server does not let that session mark them seen.
 */
export const PopupAnnouncement = () => {
  const location = useLocation();
  const { impersonation } = useAccount();
  const now = useNewslettersNow();
  const markSeen = useMarkSeen();
  useNewslettersRealtime();
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const pages = now.data.modal_newsletter.filter((newsletter) => !closed.has(newsletter.id));
  // The chat widget, framed by another site, shows no announcements; nor does an impersonation.
  if (location.pathname.startsWith('/app/chat-iframe') || impersonation || pages.length === 0) return null;

  const close = () => {
    const ids = pages.map((newsletter) => newsletter.id);
    setClosed((current) => new Set([...current, ...ids]));
    markSeen.mutate(ids);
  };

  return <PopupCarousel key={pages.map((page) => page.id).join()} pages={pages} isOpen onClose={close} />;
};
