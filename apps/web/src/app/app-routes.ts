import type { PermissionKey } from '@conversa/domain';
import type { ComponentType } from 'react';
import type { AppRouteKey } from './route-icons';

/**
 * Every screen of the /app area (spec section 2), written once: the router guards each path with its
 * permission and the sidebar lists the entries that have a section. A route without `page` shows the
 * module's placeholder page until the module is built. `page` loads the screen's own chunk, so a screen's
 * code is downloaded when it is first opened, not with the sign-in page.
 */
export type AppRoute = {
  key: AppRouteKey;
  /** Relative to /app. */
  path: string;
  permission?: PermissionKey;
  isMasterOnly?: boolean;
  /** i18n key of the title; the sidebar label for entries with a section. */
  titleKey: string;
  /** i18n key of the short description on the module's placeholder page. */
  descriptionKey: string;
  section?: 'main' | 'admin';
  /** Chat screens hide the header; the widget also hides the sidebar. */
  chrome?: { hasHeader?: boolean; hasFooter?: boolean; hasSidebar?: boolean; isFullBleed?: boolean };
  page?: () => Promise<ComponentType>;
  /** The page's words are in the shell's texts, so it shows without waiting for the other screens' texts. */
  hasShellTexts?: boolean;
};

const errorPages = () => import('../features/errors/error-pages');

const chatChrome = { hasHeader: false, hasFooter: false, isFullBleed: true };

export const APP_ROUTES: readonly AppRoute[] = [
  route('dashboard', 'dashboard/main', undefined, 'main', {
    hasShellTexts: true,
    page: () => import('../features/dashboard/dashboard-main-page').then((m) => m.DashboardMainPage),
  }),
  route('dashboardAdvanced', 'dashboard/advanced', 'dashboard.advanced', undefined, {
    page: () =>
      import('../features/dashboard/period/dashboard-advanced-page').then((m) => m.DashboardAdvancedPage),
  }),
  route('dashboardConfirmations', 'dashboard/confirmations', 'dashboard.confirmation', undefined, {
    page: () =>
      import('../features/dashboard/confirmations/confirmations-dashboard-page').then(
        (m) => m.ConfirmationsDashboardPage,
      ),
  }),
  route('chat', 'chat', 'chat.view', 'main', {
    chrome: chatChrome,
    page: () => import('./chat-widget-route').then((m) => m.ChatRoute),
  }),
  route('chatIframe', 'chat-iframe', 'chat.view', undefined, {
    chrome: { ...chatChrome, hasSidebar: false },
    page: () => import('./chat-widget-route').then((m) => m.ChatWidgetRoute),
  }),
  route('contacts', 'contacts', 'contact.view', 'main', {
    page: () => import('../features/contacts/pages/contacts-page').then((m) => m.ContactsPage),
  }),
  route('contactDetail', 'contacts/detail/:contact_id', 'contact.view', undefined, {
    page: () => import('../features/contacts/pages/contact-detail-page').then((m) => m.ContactDetailPage),
  }),
  route('leads', 'leads', 'lead.view', 'main', {
    page: () => import('../features/leads/pages/leads-page').then((m) => m.LeadsPage),
  }),
  route('leadDetail', 'leads/detail/:reference_id', 'lead.view', undefined, {
    page: () => import('../features/leads/pages/lead-detail-page').then((m) => m.LeadDetailPage),
  }),
  route('devices', 'devices', 'device.view', 'main', {
    page: () => import('../features/devices/pages/devices-page').then((m) => m.DevicesPage),
  }),
  route('deviceDetail', 'devices/detail/:id', 'device.view', undefined, {
    page: () => import('../features/devices/pages/device-detail-page').then((m) => m.DeviceDetailPage),
  }),
  route('deals', 'deals', 'deal.view', 'main', {
    page: () => import('../features/deals/pages/deals-page').then((m) => m.DealsPage),
  }),
  route('dealsList', 'deals/list', 'deal.view', undefined, {
    chrome: { hasFooter: false },
    page: () => import('../features/deals/pages/deals-list-page').then((m) => m.DealsListPage),
  }),
  route('dealDetail', 'deals/detail/:reference_id', 'deal.view', undefined, {
    page: () => import('../features/deals/pages/deal-detail-page').then((m) => m.DealDetailPage),
  }),
  route('payments', 'payments', 'payment.view', 'main', {
    page: () => import('../features/payments/pages/payments-page').then((m) => m.PaymentsPage),
  }),
  route('tasks', 'tasks', 'task.view', 'main', {
    page: () => import('../features/tasks/pages/tasks-page').then((m) => m.TasksPage),
  }),
  route('agendas', 'agendas', 'agenda.view', 'main', {
    page: () => import('../features/agendas/pages/agenda-page').then((m) => m.AgendaPage),
  }),
  route('diffusions', 'diffusions', 'marketing.view', 'main', {
    page: () => import('../features/diffusions/pages/diffusions-page').then((m) => m.DiffusionsPage),
  }),
  route('diffusionDetail', 'diffusions/:id', 'marketing.view', undefined, {
    page: () =>
      import('../features/diffusions/pages/diffusion-detail-page').then((m) => m.DiffusionDetailPage),
  }),
  route('confirmations', 'confirmations', 'confirmation.view', 'main', {
    page: () => import('../features/confirmations/pages/confirmations-page').then((m) => m.ConfirmationsPage),
  }),
  route('confirmationDetail', 'confirmations/:id', 'confirmation.view', undefined, {
    page: () =>
      import('../features/confirmations/pages/confirmation-detail-page').then(
        (m) => m.ConfirmationDetailPage,
      ),
  }),
  route('storage', 'storage', 'storage.view', 'main', {
    page: () => import('../features/storage/storage-page').then((m) => m.StoragePage),
  }),
  route('extractions', 'extractions', 'extraction.view', 'main', {
    page: () => import('../features/extractions/extractions-page').then((m) => m.ExtractionsPage),
  }),
  route('settings', 'settings', 'setting.view', 'main', {
    page: () => import('../features/settings/settings-page').then((m) => m.SettingsPage),
  }),
  route('profile', 'profile', undefined, undefined, {
    page: () => import('../features/profile/profile-page').then((m) => m.ProfilePage),
  }),
  route('clients', 'clients', 'client.view', 'admin', {
    isMasterOnly: true,
    page: () => import('../features/console/clients/clients-page').then((m) => m.ClientsPage),
  }),
  route('usersAdmin', 'usersAdmin', undefined, 'admin', {
    isMasterOnly: true,
    page: () => import('../features/console/users-admin/users-admin-page').then((m) => m.UsersAdminPage),
  }),
  route('users', 'users', 'user.view', undefined, {
    page: () => import('../features/settings/users-page').then((m) => m.UsersPage),
  }),
  route('plans', 'plans', 'plan.view', 'admin', {
    isMasterOnly: true,
    page: () => import('../features/console/plans/pages/plans-page').then((m) => m.PlansPage),
  }),
  route('features', 'features', 'feature.view', 'admin', {
    isMasterOnly: true,
    page: () => import('../features/console/features/pages/features-page').then((m) => m.FeaturesPage),
  }),
  route('devicesAdmin', 'devicesAdmin', 'deviceAdmin.manager', 'admin', {
    isMasterOnly: true,
    page: () =>
      import('../features/console/devices-admin/pages/devices-admin-page').then((m) => m.DevicesAdminPage),
  }),
  route('newsletters', 'newsletters', undefined, 'admin', {
    isMasterOnly: true,
    page: () => import('../features/newsletters/pages/newsletters-page').then((m) => m.NewslettersPage),
  }),
  route('jobs', 'jobs', undefined, 'admin', {
    isMasterOnly: true,
    page: () => import('../features/jobs/jobs-page').then((m) => m.JobsPage),
  }),
  route('billingPlans', 'billing/plans', 'billing.view', undefined, {
    page: () => import('../features/billing/pages/billing-plans-page').then((m) => m.BillingPlansPage),
  }),
  route('billingFeatures', 'billing/features', 'billing.view', undefined, {
    page: () => import('../features/billing/pages/billing-features-page').then((m) => m.BillingFeaturesPage),
  }),
  // In the master's admin section (every company's invoices); companies reach it from the Marketplace.
  route('invoices', 'billing/invoices', 'billing.view', 'admin', {
    page: () => import('../features/billing/pages/invoices-page').then((m) => m.InvoicesPage),
  }),
  route('imports', 'imports', undefined, undefined, {
    page: () => import('../features/imports/imports-page').then((m) => m.ImportsPage),
  }),
  route('unauthorized', '401', undefined, undefined, {
    page: () => errorPages().then((m) => m.RestrictedPage),
  }),
  route('notFound', '404', undefined, undefined, {
    page: () => errorPages().then((m) => m.AppNotFoundPage),
  }),
  route('serverError', '500', undefined, undefined, {
    page: () => errorPages().then((m) => m.AppServerErrorPage),
  }),
];

/** The Marketplace button of the sidebar. */
export const MARKETPLACE_ROUTE = APP_ROUTES.find((entry) => entry.key === 'billingPlans')!;

export const appPath = (entry: AppRoute): string => `/app/${entry.path}`;

function route(
  key: AppRouteKey,
  path: string,
  permission: PermissionKey | undefined,
  section?: AppRoute['section'],
  extra: Partial<Pick<AppRoute, 'page' | 'chrome' | 'isMasterOnly' | 'hasShellTexts'>> = {},
): AppRoute {
  return {
    key,
    path,
    permission,
    section,
    titleKey: `nav.${key}`,
    descriptionKey: `modules.${key}`,
    ...extra,
  };
}
