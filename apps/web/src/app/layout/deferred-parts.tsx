import { type ComponentType, lazy, Suspense } from 'react';
import { loadAppTexts } from '../../shared/i18n';

/**
 * A part of the frame that is not needed to show the page (the phones' module search, the task bell, the
 * release news, the pop-up announcements, the floating chat): its code is a chunk of its own and its words
 * are in the screens' texts, both loaded after the page, so the app shell stays light. The realtime
 * listeners that keep the caches live are not deferred: an event that arrived before their chunk would be
 * lost.
 */
const deferred = (load: () => Promise<ComponentType>) => {
  const Part = lazy(async () => {
    const [Component] = await Promise.all([load(), loadAppTexts()]);
    return { default: Component };
  });
  return () => (
    <Suspense fallback={null}>
      <Part />
    </Suspense>
  );
};

export const DeferredNavSearch = deferred(() => import('./nav-search').then((module) => module.NavSearch));

export const DeferredTaskBell = deferred(() =>
  import('../../features/tasks/components/task-bell').then((module) => module.TaskBell),
);

export const DeferredPopupAnnouncement = deferred(() =>
  import('../../features/newsletters/components/popup-announcement').then(
    (module) => module.PopupAnnouncement,
  ),
);

export const DeferredReleaseNewsButton = deferred(() =>
  import('../../features/newsletters/components/release-news-button').then(
    (module) => module.ReleaseNewsButton,
  ),
);

export const DeferredFloatingChat = deferred(() =>
  import('../../features/chat/components/floating-chat').then((module) => module.FloatingChat),
);

export const DeferredPaymentOutcome = deferred(() =>
  import('../../features/billing/components/payment-outcome-dialogs').then(
    (module) => module.PaymentOutcomeDialogs,
  ),
);
