import type { PermissionKey } from '@conversa/domain';
import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import ContactsOutlined from '@mui/icons-material/ContactsOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DevicesOtherOutlined from '@mui/icons-material/DevicesOtherOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import ExtensionOutlined from '@mui/icons-material/ExtensionOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import NewspaperOutlined from '@mui/icons-material/NewspaperOutlined';
import PersonOutline from '@mui/icons-material/PersonOutline';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import PhonelinkSetupOutlined from '@mui/icons-material/PhonelinkSetupOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import WorkHistoryOutlined from '@mui/icons-material/WorkHistoryOutlined';
import WorkspacesOutlined from '@mui/icons-material/WorkspacesOutlined';
import type { ComponentType } from 'react';

/**
 * Every screen of the /app area (spec section 2), written once: the router guards each path with its
 * permission and the sidebar lists the entries that have a section. A route without `page` shows the
 * module's placeholder page until the module is built. `page` loads the screen's own chunk, so a screen's
 * code is downloaded when it is first opened, not with the sign-in page.
 */
export type AppRoute = {
  key: string;
  /** Relative to /app. */
  path: string;
  permission?: PermissionKey;
  isMasterOnly?: boolean;
  /** i18n key of the title; the sidebar label for entries with a section. */
  titleKey: string;
  /** i18n key of the short description on the module's placeholder page. */
  descriptionKey: string;
  icon: SvgIconComponent;
  section?: 'main' | 'admin';
  /** Chat screens hide the header; the widget also hides the sidebar. */
  chrome?: { hasHeader?: boolean; hasFooter?: boolean; hasSidebar?: boolean; isFullBleed?: boolean };
  page?: () => Promise<ComponentType>;
};

const errorPages = () => import('../features/errors/error-pages');

const chatChrome = { hasHeader: false, hasFooter: false, isFullBleed: true };

export const APP_ROUTES: readonly AppRoute[] = [
  route('dashboard', 'dashboard/main', undefined, DashboardOutlined, 'main', {
    page: () => import('../features/dashboard/dashboard-main-page').then((m) => m.DashboardMainPage),
  }),
  route('dashboardAdvanced', 'dashboard/advanced', 'dashboard.advanced', InsightsOutlined),
  route('dashboardConfirmations', 'dashboard/confirmations', 'dashboard.confirmation', VerifiedOutlined),
  route('chat', 'chat', 'chat.view', ChatOutlined, 'main', {
    chrome: chatChrome,
    page: () => import('./chat-widget-route').then((m) => m.ChatRoute),
  }),
  route('chatIframe', 'chat-iframe', 'chat.view', ChatOutlined, undefined, {
    chrome: { ...chatChrome, hasSidebar: false },
    page: () => import('./chat-widget-route').then((m) => m.ChatWidgetRoute),
  }),
  route('contacts', 'contacts', 'contact.view', ContactsOutlined, 'main', {
    page: () => import('../features/contacts/pages/contacts-page').then((m) => m.ContactsPage),
  }),
  route('contactDetail', 'contacts/detail/:contact_id', 'contact.view', ContactsOutlined, undefined, {
    page: () => import('../features/contacts/pages/contact-detail-page').then((m) => m.ContactDetailPage),
  }),
  route('leads', 'leads', 'lead.view', PersonSearchOutlined, 'main', {
    page: () => import('../features/leads/pages/leads-page').then((m) => m.LeadsPage),
  }),
  route('leadDetail', 'leads/detail/:reference_id', 'lead.view', PersonSearchOutlined, undefined, {
    page: () => import('../features/leads/pages/lead-detail-page').then((m) => m.LeadDetailPage),
  }),
  route('devices', 'devices', 'device.view', DevicesOtherOutlined, 'main', {
    page: () => import('../features/devices/pages/devices-page').then((m) => m.DevicesPage),
  }),
  route('deviceDetail', 'devices/detail/:id', 'device.view', DevicesOtherOutlined, undefined, {
    page: () => import('../features/devices/pages/device-detail-page').then((m) => m.DeviceDetailPage),
  }),
  route('deals', 'deals', 'deal.view', HandshakeOutlined, 'main', {
    page: () => import('../features/deals/pages/deals-page').then((m) => m.DealsPage),
  }),
  route('dealsList', 'deals/list', 'deal.view', HandshakeOutlined, undefined, {
    chrome: { hasFooter: false },
    page: () => import('../features/deals/pages/deals-list-page').then((m) => m.DealsListPage),
  }),
  route('dealDetail', 'deals/detail/:reference_id', 'deal.view', HandshakeOutlined, undefined, {
    page: () => import('../features/deals/pages/deal-detail-page').then((m) => m.DealDetailPage),
  }),
  route('payments', 'payments', 'payment.view', RequestQuoteOutlined, 'main', {
    page: () => import('../features/payments/pages/payments-page').then((m) => m.PaymentsPage),
  }),
  route('tasks', 'tasks', 'task.view', TaskAltOutlined, 'main', {
    page: () => import('../features/tasks/pages/tasks-page').then((m) => m.TasksPage),
  }),
  route('agendas', 'agendas', 'agenda.view', EventNoteOutlined, 'main'),
  route('diffusions', 'diffusions', 'marketing.view', CampaignOutlined, 'main', {
    page: () => import('../features/diffusions/pages/diffusions-page').then((m) => m.DiffusionsPage),
  }),
  route('diffusionDetail', 'diffusions/:id', 'marketing.view', CampaignOutlined, undefined, {
    page: () =>
      import('../features/diffusions/pages/diffusion-detail-page').then((m) => m.DiffusionDetailPage),
  }),
  route('confirmations', 'confirmations', 'confirmation.view', EventAvailableOutlined, 'main'),
  route('storage', 'storage', 'storage.view', FolderOutlined, 'main'),
  route('settings', 'settings', 'setting.view', SettingsOutlined, 'main', {
    page: () => import('../features/settings/settings-page').then((m) => m.SettingsPage),
  }),
  route('profile', 'profile', undefined, PersonOutline, undefined, {
    page: () => import('../features/profile/profile-page').then((m) => m.ProfilePage),
  }),
  route('clients', 'clients', 'client.view', BusinessOutlined, 'admin', {
    isMasterOnly: true,
    page: () => import('../features/console/clients/clients-page').then((m) => m.ClientsPage),
  }),
  route('usersAdmin', 'usersAdmin', undefined, AdminPanelSettingsOutlined, 'admin', {
    isMasterOnly: true,
    page: () => import('../features/console/users-admin/users-admin-page').then((m) => m.UsersAdminPage),
  }),
  route('users', 'users', 'user.view', GroupOutlined, undefined, {
    page: () => import('../features/settings/users-page').then((m) => m.UsersPage),
  }),
  route('plans', 'plans', 'plan.view', WorkspacesOutlined, 'admin', {
    isMasterOnly: true,
    page: () => import('../features/console/plans/pages/plans-page').then((m) => m.PlansPage),
  }),
  route('features', 'features', 'feature.view', ExtensionOutlined, 'admin', {
    isMasterOnly: true,
    page: () => import('../features/console/features/pages/features-page').then((m) => m.FeaturesPage),
  }),
  route('devicesAdmin', 'devicesAdmin', 'deviceAdmin.manager', PhonelinkSetupOutlined, 'admin', {
    isMasterOnly: true,
    page: () =>
      import('../features/console/devices-admin/pages/devices-admin-page').then((m) => m.DevicesAdminPage),
  }),
  route('newsletters', 'newsletters', undefined, NewspaperOutlined, 'admin', {
    isMasterOnly: true,
    page: () => import('../features/newsletters/pages/newsletters-page').then((m) => m.NewslettersPage),
  }),
  route('jobs', 'jobs', undefined, WorkHistoryOutlined, 'admin', {
    isMasterOnly: true,
    page: () => import('../features/jobs/jobs-page').then((m) => m.JobsPage),
  }),
  route('billingPlans', 'billing/plans', 'billing.view', StorefrontOutlined, undefined, {
    page: () => import('../features/billing/pages/billing-plans-page').then((m) => m.BillingPlansPage),
  }),
  route('billingFeatures', 'billing/features', 'billing.view', ShoppingCartOutlined, undefined, {
    page: () => import('../features/billing/pages/billing-features-page').then((m) => m.BillingFeaturesPage),
  }),
  // In the master's admin section (every company's invoices); companies reach it from the Marketplace.
  route('invoices', 'billing/invoices', 'billing.view', ReceiptLongOutlined, 'admin', {
    page: () => import('../features/billing/pages/invoices-page').then((m) => m.InvoicesPage),
  }),
  route('imports', 'imports', undefined, UploadFileOutlined, undefined, {
    page: () => import('../features/imports/imports-page').then((m) => m.ImportsPage),
  }),
  route('unauthorized', '401', undefined, LockOutlined, undefined, {
    page: () => errorPages().then((m) => m.RestrictedPage),
  }),
  route('notFound', '404', undefined, SearchOffOutlined, undefined, {
    page: () => errorPages().then((m) => m.AppNotFoundPage),
  }),
  route('serverError', '500', undefined, ReportProblemOutlined, undefined, {
    page: () => errorPages().then((m) => m.AppServerErrorPage),
  }),
];

/** The Marketplace button of the sidebar. */
export const MARKETPLACE_ROUTE = APP_ROUTES.find((entry) => entry.key === 'billingPlans')!;

/** Shown for the balance card's buy button and the plan-expired dialog. */
export const WALLET_ICON = AccountBalanceWalletOutlined;

export const appPath = (entry: AppRoute): string => `/app/${entry.path}`;

function route(
  key: string,
  path: string,
  permission: PermissionKey | undefined,
  icon: SvgIconComponent,
  section?: AppRoute['section'],
  extra: Partial<Pick<AppRoute, 'page' | 'chrome' | 'isMasterOnly'>> = {},
): AppRoute {
  return {
    key,
    path,
    permission,
    icon,
    section,
    titleKey: `nav.${key}`,
    descriptionKey: `modules.${key}`,
    ...extra,
  };
}
