import type { Contact } from '@conversa/domain';
import type { DetailedContact } from './contacts.repository';

export const toContact = ({ contact: row, device }: DetailedContact): Contact => ({
  id: row.id,
  client_id: row.client_id,
  device_id: row.device_id,
  create_date: row.create_date.toISOString(),
  info: {
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: row.full_name,
    email: row.email,
    document: row.document,
    country: row.country,
    phone: row.phone,
  },
  derivedto: row.derivedto,
  answerbot: row.answerbot,
  owner: row.owner,
  tags: row.tags,
  stage: row.stage,
  starred: row.starred,
  device: device
    ? {
        id: device.id,
        name: device.name,
        color: device.color,
        background_color: device.background_color,
        status: device.status,
        setting: { conect: { type: device.type } },
      }
    : null,
  message: { numpending: row.numpending, numtotal: row.numtotal, info: row.last_message },
});

const csvCell = (value: string): string => {
  // A leading =, +, - or @ would run as a formula in a spreadsheet (CSV injection).
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

export const CONTACT_CSV_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'full_name',
  'phone',
  'email',
  'document',
  'country',
  'stage',
  'tags',
  'starred',
  'derivedto',
  'create_date',
] as const;

export const toCsvLine = (cells: string[]): string => `${cells.map(csvCell).join(',')}\r\n`;
