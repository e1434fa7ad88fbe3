import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { setApiNavigator } from '../shared/api-client';
import { loadAppTexts, loadShellTexts } from '../shared/i18n';
import { PATHS } from '../shared/paths';
import { APP_ROUTES } from './app-routes';
import type { RouteHandle } from './layout/app-layout';
import { RootRedirect } from './root-redirect';

/**
 * Every page is its own chunk, loaded by the router before it navigates (the current page stays until
 * then): the sign-in page does not download the chat, and the app shell is fetched once signed in.
 */
const lazyPage = (load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: await load() }),
});
const errorPages = () => import('../features/errors/error-pages');

/** The whole route table; the /app children come from APP_ROUTES, each behind its permission. */
export const appRouteObjects: RouteObject[] = [
  { path: '/', element: <RootRedirect /> },
  { path: PATHS.signin, ...lazyPage(() => import('../features/auth/signin-page').then((m) => m.SigninPage)) },
  { path: PATHS.signup, ...lazyPage(() => import('../features/auth/signup-page').then((m) => m.SignupPage)) },
  {
    path: PATHS.chatSignin,
    ...lazyPage(() => import('../features/auth/chat-signin-page').then((m) => m.ChatSigninPage)),
  },
  { path: PATHS.notFound, ...lazyPage(() => errorPages().then((m) => m.NotFoundPage)) },
  { path: PATHS.serverError, ...lazyPage(() => errorPages().then((m) => m.ServerErrorPage)) },
  {
    path: '/app',
    // The shell's texts arrive with it, and each page's with the page: nothing shows before its words.
    ...lazyPage(() => Promise.all([import('./require-auth'), loadShellTexts()]).then(([m]) => m.RequireAuth)),
    children: [
      {
        ...lazyPage(() => import('./layout/app-layout').then((m) => m.AppLayout)),
        children: [
          { index: true, element: <Navigate to={PATHS.home} replace /> },
          { path: 'dashboard', element: <Navigate to={PATHS.home} replace /> },
          ...APP_ROUTES.map(
            (entry): RouteObject => ({
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
          { path: '*', element: <Navigate to="/app/404" replace /> },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to={PATHS.notFound} replace /> },
];

/**
 * Where a record that does not exist is reported: inside the app shell when it was asked for from /app (an
 * unknown id in the address), else the public page.
 */
export const notFoundPathFrom = (pathname: string): string =>
  pathname.startsWith('/app/') ? '/app/404' : PATHS.notFound;

export const createAppRouter = () => {
  const router = createBrowserRouter(appRouteObjects);
  setApiNavigator((to, state) => {
    // The address of the missing record is replaced, so Back does not ask for it again.
    const isNotFound = to === PATHS.notFound;
    const target = isNotFound ? notFoundPathFrom(router.state.location.pathname) : to;
    void router.navigate(target, { state, replace: to === '/' || isNotFound });
  });
  return router;
};
