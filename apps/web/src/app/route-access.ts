import { type AccessSubject, hasAccess } from '@conversa/domain';
import type { AppRoute } from './app-routes';

/** Whether a subject may open a route: master-only routes need account master, then the permission. */
export const canOpenRoute = (
  subject: AccessSubject,
  entry: Pick<AppRoute, 'permission' | 'isMasterOnly'>,
) => {
  if (entry.isMasterOnly && subject.account !== 'master') return false;
  return entry.permission ? hasAccess(subject, entry.permission) : true;
};
