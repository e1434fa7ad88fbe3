import { type ComponentType, lazy, Suspense } from 'react';

/**
 * A part of the frame that is not needed to show the page (the task bell, the release news, the pop-up
 * announcements, the floating chat): its code is a chunk of its own, loaded after the page, so the app
 * shell stays light. The realtime listeners that keep the caches live are not deferred: an event that
 * arrived before their chunk would be lost.
 */
const deferred = (load: () => Promise<ComponentType>) => {
  const Part = lazy(async () => ({ default: await load() }));
  return () => (
    <Suspense fallback={null}>
      <Part />
    </Suspense>
  );
};

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
