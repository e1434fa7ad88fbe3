import type { Contact, DealContact } from '@conversa/domain';
import type { PickerSearch } from '../../../shared/records/api/pick-records';

/** Contacts whose name holds the text (the picker of a new deal), by name, as a deal names its contact. */
export const DEAL_CONTACT_SEARCH: PickerSearch<Contact, DealContact> = {
  api: 'contact',
  key: 'info.full_name',
  sort: { key: 'info.full_name', order: 'asc' },
  optionOf: ({ id, info }) => ({ id, full_name: info.full_name, phone: info.phone }),
};
