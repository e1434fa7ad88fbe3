import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ChatSigninPage } from '../features/auth/chat-signin-page';
import { SigninPage } from '../features/auth/signin-page';
import { SignupPage } from '../features/auth/signup-page';
import { NotFoundPage, ServerErrorPage } from '../features/errors/error-pages';
import { setApiNavigator } from '../shared/api-client';
import { PATHS } from '../shared/paths';
import { APP_ROUTES } from './app-routes';
import { AppLayout, type RouteHandle } from './layout/app-layout';
import { RequireAuth } from './require-auth';
import { RootRedirect } from './root-redirect';
import { RouteGuard } from './route-guard';

/** The whole route table; the /app children come from APP_ROUTES, each behind its permission. */
export const appRouteObjects: RouteObject[] = [
  { path: '/', element: <RootRedirect /> },
  { path: PATHS.signin, element: <SigninPage /> },
  { path: PATHS.signup, element: <SignupPage /> },
  { path: PATHS.chatSignin, element: <ChatSigninPage /> },
  { path: PATHS.notFound, element: <NotFoundPage /> },
  { path: PATHS.serverError, element: <ServerErrorPage /> },
  {
    path: '/app',
    element: <RequireAuth />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <Navigate to={PATHS.home} replace /> },
          { path: 'dashboard', element: <Navigate to={PATHS.home} replace /> },
          ...APP_ROUTES.map(
            (entry): RouteObject => ({
              path: entry.path,
              element: <RouteGuard entry={entry} />,
              handle: { entry } satisfies RouteHandle,
            }),
          ),
          { path: '*', element: <Navigate to="/app/404" replace /> },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to={PATHS.notFound} replace /> },
];

export const createAppRouter = () => {
  const router = createBrowserRouter(appRouteObjects);
  setApiNavigator((to, state) => void router.navigate(to, { state, replace: to === '/' }));
  return router;
};
