import AccountBalanceWalletOutlined from '../shared/icons/AccountBalanceWalletOutlined';
import AdminPanelSettingsOutlined from '../shared/icons/AdminPanelSettingsOutlined';
import BusinessOutlined from '../shared/icons/BusinessOutlined';
import CampaignOutlined from '../shared/icons/CampaignOutlined';
import ChatOutlined from '../shared/icons/ChatOutlined';
import ContactsOutlined from '../shared/icons/ContactsOutlined';
import DashboardOutlined from '../shared/icons/DashboardOutlined';
import DevicesOtherOutlined from '../shared/icons/DevicesOtherOutlined';
import EventAvailableOutlined from '../shared/icons/EventAvailableOutlined';
import EventNoteOutlined from '../shared/icons/EventNoteOutlined';
import ExtensionOutlined from '../shared/icons/ExtensionOutlined';
import FileDownloadOutlined from '../shared/icons/FileDownloadOutlined';
import FolderOutlined from '../shared/icons/FolderOutlined';
import GroupOutlined from '../shared/icons/GroupOutlined';
import HandshakeOutlined from '../shared/icons/HandshakeOutlined';
import InsightsOutlined from '../shared/icons/InsightsOutlined';
import LockOutlined from '../shared/icons/LockOutlined';
import NewspaperOutlined from '../shared/icons/NewspaperOutlined';
import PersonOutline from '../shared/icons/PersonOutline';
import PersonSearchOutlined from '../shared/icons/PersonSearchOutlined';
import PhonelinkSetupOutlined from '../shared/icons/PhonelinkSetupOutlined';
import ReceiptLongOutlined from '../shared/icons/ReceiptLongOutlined';
import ReportProblemOutlined from '../shared/icons/ReportProblemOutlined';
import RequestQuoteOutlined from '../shared/icons/RequestQuoteOutlined';
import SearchOffOutlined from '../shared/icons/SearchOffOutlined';
import SettingsOutlined from '../shared/icons/SettingsOutlined';
import ShoppingCartOutlined from '../shared/icons/ShoppingCartOutlined';
import StorefrontOutlined from '../shared/icons/StorefrontOutlined';
import type { SvgIconComponent } from '../shared/icons/svg-icon-component';
import TaskAltOutlined from '../shared/icons/TaskAltOutlined';
import UploadFileOutlined from '../shared/icons/UploadFileOutlined';
import VerifiedOutlined from '../shared/icons/VerifiedOutlined';
import WorkHistoryOutlined from '../shared/icons/WorkHistoryOutlined';
import WorkspacesOutlined from '../shared/icons/WorkspacesOutlined';
import type { AppRoute } from './app-routes';

/**
 * The sidebar's and the placeholder pages' icon of each route, kept out of the route table: the table is
 * in the first download of every page (the router needs it), the icons only once signed in.
 */
const ROUTE_ICONS = {
  dashboard: DashboardOutlined,
  dashboardAdvanced: InsightsOutlined,
  dashboardConfirmations: VerifiedOutlined,
  chat: ChatOutlined,
  chatIframe: ChatOutlined,
  contacts: ContactsOutlined,
  contactDetail: ContactsOutlined,
  leads: PersonSearchOutlined,
  leadDetail: PersonSearchOutlined,
  devices: DevicesOtherOutlined,
  deviceDetail: DevicesOtherOutlined,
  deals: HandshakeOutlined,
  dealsList: HandshakeOutlined,
  dealDetail: HandshakeOutlined,
  payments: RequestQuoteOutlined,
  tasks: TaskAltOutlined,
  agendas: EventNoteOutlined,
  diffusions: CampaignOutlined,
  diffusionDetail: CampaignOutlined,
  confirmations: EventAvailableOutlined,
  confirmationDetail: EventAvailableOutlined,
  storage: FolderOutlined,
  extractions: FileDownloadOutlined,
  settings: SettingsOutlined,
  profile: PersonOutline,
  clients: BusinessOutlined,
  usersAdmin: AdminPanelSettingsOutlined,
  users: GroupOutlined,
  plans: WorkspacesOutlined,
  features: ExtensionOutlined,
  devicesAdmin: PhonelinkSetupOutlined,
  newsletters: NewspaperOutlined,
  jobs: WorkHistoryOutlined,
  billingPlans: StorefrontOutlined,
  billingFeatures: ShoppingCartOutlined,
  invoices: ReceiptLongOutlined,
  imports: UploadFileOutlined,
  unauthorized: LockOutlined,
  notFound: SearchOffOutlined,
  serverError: ReportProblemOutlined,
} satisfies Record<string, SvgIconComponent>;

/** Every route's key: a route added to the table without its icon does not compile. */
export type AppRouteKey = keyof typeof ROUTE_ICONS;

export const routeIcon = (entry: AppRoute): SvgIconComponent => ROUTE_ICONS[entry.key];

/** Shown for the balance card's buy button and the plan-expired dialog. */
export const WALLET_ICON = AccountBalanceWalletOutlined;
