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
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
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
