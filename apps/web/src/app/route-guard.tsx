import type { ComponentType } from 'react';
import { Navigate } from 'react-router';
import { accessSubjectOf, useAccount } from '../shared/account/use-account';
import { ModulePlaceholder } from '../shared/ui/module-placeholder';
import { needsPlan } from './account-gate';
import type { AppRoute } from './app-routes';
import { canOpenRoute } from './route-access';
import { routeIcon } from './route-icons';

/**
 * Renders a route's page (loaded by the router before it navigates) when the user may open it, else sends
 * them to /app/401 (spec section 6).
 */
export const RouteGuard = ({ entry, page: Page }: { entry: AppRoute; page: ComponentType | undefined }) => {
  const account = useAccount();
  // A company without any access is sent to choose a plan, so that page must stay open to it.
  const isPlanChoice = entry.key === 'billingPlans' && needsPlan(account);
  if (!isPlanChoice && !canOpenRoute(accessSubjectOf(account), entry))
    return <Navigate to="/app/401" replace />;
  return Page ? (
    <Page />
  ) : (
    <ModulePlaceholder
      titleKey={entry.titleKey}
      descriptionKey={entry.descriptionKey}
      icon={routeIcon(entry)}
    />
  );
};
