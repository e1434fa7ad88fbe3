import type { Sort } from '@conversa/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api-client';

/** What a record picker searches: a kit module's `{api}/search`, by `contains` on one key, in one order. */
export type PickerSearch<Row, Option> = {
  api: string;
  key: string;
  sort: Sort;
  /** What the picker keeps of a record found. */
  optionOf: (row: Row) => Option;
};

/** How many records a picker offers for a text. */
const PICKER_SIZE = 20;

const searchToPick = async <Row>(search: PickerSearch<Row, unknown>, text: string, signal?: AbortSignal) =>
  (
    await api.request<Row>(`${search.api}/search`, {
      method: 'POST',
      body: {
        page: 1,
        offset: PICKER_SIZE,
        filters: text ? [{ key: search.key, condition: 'contains', value: text }] : [],
        logical: 'and',
        sort: search.sort,
      },
      signal,
    })
  ).data;

/** The records whose key holds the text, while the picker is open; the last ones stay while it types on. */
export const usePickerSearch = <Row, Option>(
  search: PickerSearch<Row, Option>,
  text: string,
  isEnabled: boolean,
) =>
  useQuery({
    queryKey: ['record-picker', search.api, search.key, search.sort, text],
    queryFn: ({ signal }) => searchToPick(search, text, signal),
    select: (rows) => rows.map(search.optionOf),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
