import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { type Notice, subscribeNotices } from '../notify';

type Shown = Notice & { key: number };

// The bar (MUI's Snackbar, Alert and their transitions) loads with the first notice, not with every page.
const NoticeBar = lazy(() => import('./notice-bar').then((m) => ({ default: m.NoticeBar })));

/** Shows common messages and errors at the bottom, one after the other (spec sections 4 and 9). */
export const SnackbarProvider = ({ children }: { children: ReactNode }) => {
  const [queue, setQueue] = useState<Shown[]>([]);
  const [isOpen, setIsOpen] = useState(false);
  // Once shown the bar stays mounted, so each notice keeps its closing transition.
  const [hasShown, setHasShown] = useState(false);
  const current = queue[0];

  useEffect(
    () =>
      subscribeNotices((notice) => {
        setQueue((shown) => [...shown, { ...notice, key: Date.now() + Math.random() }]);
      }),
    [],
  );

  useEffect(() => {
    if (!current) return;
    setIsOpen(true);
    setHasShown(true);
  }, [current]);

  return (
    <>
      {children}
      {hasShown && (
        <Suspense fallback={null}>
          <NoticeBar
            notice={current}
            isOpen={isOpen}
            onClose={() => setIsOpen(false)}
            onExited={() => setQueue((shown) => shown.slice(1))}
          />
        </Suspense>
      )}
    </>
  );
};
