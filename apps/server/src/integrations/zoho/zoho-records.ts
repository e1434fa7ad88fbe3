import { ZOHO_UPSERT_BATCH } from '@conversa/domain';

/** A contact or a lead as it goes to Zoho: the fields both have. */
export type ZohoSourceRecord = {
  id: string;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string;
  phone: string;
};

export type ZohoModule = 'Contacts' | 'Leads';

/** Where our records come from, as Zoho's default Lead Source picklist names it. */
const LEAD_SOURCE = 'Chat';

/**
 * Our record in Zoho's field names. Zoho requires Last_Name: the full name stands in for an empty last
 * name, the phone for an empty name. An empty e-mail is left out rather than sent blank, so the duplicate
 * check does not match every record without one.
 */
export const toZohoRecord = (record: ZohoSourceRecord): Record<string, string> => {
  const lastName = record.last_name.trim() || record.full_name.trim() || record.phone;
  return {
    Last_Name: lastName.slice(0, 80),
    ...(record.first_name.trim() && record.last_name.trim()
      ? { First_Name: record.first_name.trim().slice(0, 40) }
      : {}),
    ...(record.email ? { Email: record.email } : {}),
    Phone: record.phone,
    Mobile: record.phone,
    Lead_Source: LEAD_SOURCE,
  };
};

/** Records in Zoho's upsert batches, ZOHO_UPSERT_BATCH a call. */
export const inBatches = <T>(items: readonly T[], size = ZOHO_UPSERT_BATCH): T[][] => {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
};
