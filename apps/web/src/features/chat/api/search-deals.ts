import type { Deal } from '@conversa/domain';
import { type PickerSearch, usePickerSearch } from '../../../shared/records/api/pick-records';

/** Deals for the new-message picker, by name (contains), newest first. */
const CHAT_DEAL_SEARCH: PickerSearch<Deal, Deal> = {
  api: 'deal',
  key: 'name',
  sort: { key: 'create_date', order: 'desc' },
  optionOf: (deal) => deal,
};

export const useDealSearch = (text: string, isEnabled: boolean) =>
  usePickerSearch(CHAT_DEAL_SEARCH, text.trim(), isEnabled);
