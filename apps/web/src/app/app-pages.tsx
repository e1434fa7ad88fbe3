import { Navigate, type RouteObject } from 'react-router';
import { loadAppTexts } from '../shared/i18n';
import { APP_ROUTES } from './app-routes';
import type { RouteHandle } from './layout/app-layout';

/**
 * The /app pages, each behind its permission. The router discovers them on the first visit to an /app
 * address (router.tsx), so the table of every screen is not downloaded with the sign-in page. The ids let
 * the router recognise them when they are patched in again.
 */
export const appPageRoutes: RouteObject[] = [
  ...APP_ROUTES.map(
    (entry): RouteObject => ({
      id: `app/${entry.key}`,
      path: entry.path,
      handle: { entry } satisfies RouteHandle,
      lazy: async () => {
        const [{ RouteGuard }, page] = await Promise.all([
          import('./route-guard'),
          entry.page?.(),
          entry.hasShellTexts ? undefined : loadAppTexts(),
        ]);
        return { element: <RouteGuard entry={entry} page={page} /> };
      },
    }),
  ),
  { id: 'app/unknown', path: '*', element: <Navigate to="/app/404" replace /> },
];
