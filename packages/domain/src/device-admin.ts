import type { ChannelType, DeviceStatus } from './device';

/** `POST deviceadmin/search` (master): a device of any company, with the company it belongs to. */
export type AdminDevice = {
  id: string;
  name: string;
  /** The channel provider (whatsapp, telegram…). */
  type: ChannelType;
  status: DeviceStatus;
  client_id: string;
  client_name: string;
  /** The last message sent or received through it; null when none yet. */
  last_activity: string | null;
  create_date: string;
};
