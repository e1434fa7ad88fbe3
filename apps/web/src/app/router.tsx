import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  Navigate,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { setApiNavigator } from '../shared/api-client';
import { loadShellTexts } from '../shared/i18n';
import { PATHS } from '../shared/paths';
import { RootRedirect } from './root-redirect';

/** Until the first page's chunk has arrived there is nothing to show: the page stays blank, as it was. */
const NothingYet = () => null;

/**
 * Every page is its own chunk, loaded by the router before it navigates (the current page stays until
 * then): the sign-in page does not download the chat, and the app shell is fetched once signed in.
 */
const lazyPage = (load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy' | 'HydrateFallback'> => ({
  lazy: async () => ({ Component: await load() }),
  HydrateFallback: NothingYet,
});
const errorPages = () => import('../features/errors/error-pages');

/** The frame of the /app area, the route its pages are patched into. */
const APP_FRAME = 'app-frame';

/** The public route table and the /app frame; the /app pages are discovered (discoverAppPages). */
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
        id: APP_FRAME,
        ...lazyPage(() => import('./layout/app-layout').then((m) => m.AppLayout)),
        // The pages are patched in by discoverAppPages; these two answer /app itself before any page.
        children: [
          // The master lands on the console, everyone else on the dashboard: that takes the account bundle.
          { index: true, ...lazyPage(() => import('./home-redirect').then((m) => m.HomeRedirect)) },
          { path: 'dashboard', element: <Navigate to={PATHS.home} replace /> },
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

/**
 * The router asks for routes it has not seen when an address matches none (or only a `*`): an /app address
 * brings the /app pages, loaded once and patched into the frame (patching them again changes nothing).
 */
export const discoverAppPages: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (!path.startsWith('/app/')) return;
  const { appPageRoutes } = await import('./app-pages');
  patch(APP_FRAME, appPageRoutes);
};

export const createAppRouter = () => {
  const router = createBrowserRouter(appRouteObjects, { patchRoutesOnNavigation: discoverAppPages });
  setApiNavigator((to, state) => {
    // The address of the missing record is replaced, so Back does not ask for it again.
    const isNotFound = to === PATHS.notFound;
    const target = isNotFound ? notFoundPathFrom(router.state.location.pathname) : to;
    void router.navigate(target, { state, replace: to === '/' || isNotFound });
  });
  return router;
};
