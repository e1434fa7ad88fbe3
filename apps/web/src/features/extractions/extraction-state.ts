import { EXTRACTION_KEEP_DAYS, type Extraction, type ExtractionModule } from '@conversa/domain';

/** What a row says of an extraction: its work's status, or `expired` once its file is gone. */
export type ExtractionState = Extraction['status'] | 'expired';

const DAY_MS = 86_400_000;

/** The day a done extraction's file is deleted (the record stays, without its link). */
export const keptUntil = (extraction: Pick<Extraction, 'done_date'>): Date | null =>
  extraction.done_date ? new Date(Date.parse(extraction.done_date) + EXTRACTION_KEEP_DAYS * DAY_MS) : null;

/** The link to download, only while the extraction is done and its signed link still valid. */
export const downloadUrlOf = (
  extraction: Pick<Extraction, 'status' | 'url' | 'url_expires_at'>,
  now: number = Date.now(),
): string | null => {
  if (extraction.status !== 'done' || !extraction.url) return null;
  if (extraction.url_expires_at && Date.parse(extraction.url_expires_at) <= now) return null;
  return extraction.url;
};

export const stateOf = (extraction: Extraction, now: number = Date.now()): ExtractionState =>
  extraction.status === 'done' && downloadUrlOf(extraction, now) === null ? 'expired' : extraction.status;

/** The module's name as the sidebar says it. */
export const MODULE_TITLES: Record<ExtractionModule, string> = {
  contact: 'nav.contacts',
  lead: 'nav.leads',
  deal: 'nav.deals',
  task: 'nav.tasks',
  payment: 'nav.payments',
};
