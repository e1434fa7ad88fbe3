import {
  type Deal,
  type DealContact,
  type DealStageChange,
  type NotificationReceiver,
  recordFor,
} from '@conversa/domain';
import type { DealRow } from '../../core/db/schema';

/** What a batch of deals needs besides its rows: their contacts and what their payments add up to. */
export type DealRelated = { contacts: Map<string, DealContact>; paid: Map<string, number> };

const cents = (value: number) => Math.round(value * 100) / 100;

export const toDeal = (row: DealRow, related: DealRelated): Deal => {
  const amount = Number(row.amount);
  const paidTotal = related.paid.get(row.id) ?? 0;
  return {
    id: row.id,
    client_id: row.client_id,
    numdeal: row.numdeal,
    name: row.name,
    contact_id: row.contact_id ?? '',
    contact: row.contact_id ? (related.contacts.get(row.contact_id) ?? null) : null,
    pipeline_id: row.pipeline_id,
    pipeline_stage_id: row.pipeline_stage_id,
    position: row.position,
    stage: row.stage,
    lost_reason: row.lost_reason,
    branch: row.branch,
    amount,
    currency: row.currency,
    paid_total: paidTotal,
    balance: cents(amount - paidTotal),
    closing_date: row.closing_date ?? '',
    expected_date: row.expected_date ?? '',
    owner: row.owner,
    tags: row.tags,
    create_date: row.create_date.toISOString(),
  };
};

/**
 * The deal as this reader may see it, by the rule their notifications follow (notification-audience.ts):
 * without contact.view, its contact by id and name only.
 */
export const dealFor = (reader: NotificationReceiver, deal: Deal): Deal => recordFor(reader, 'deal', deal);

/** A stored stage change as the deal's history and the `deal.stageChanged` event show it. */
export const toStageChange = (
  row: {
    id: number;
    deal_id: string;
    from_pipeline_stage_id: string | null;
    to_pipeline_stage_id: string;
    from_stage: DealStageChange['from_stage'];
    to_stage: DealStageChange['to_stage'];
    user_id: string | null;
    create_date: Date;
  },
  userName: string,
): DealStageChange => ({
  id: String(row.id),
  deal_id: row.deal_id,
  from_pipeline_stage_id: row.from_pipeline_stage_id ?? '',
  to_pipeline_stage_id: row.to_pipeline_stage_id,
  from_stage: row.from_stage,
  to_stage: row.to_stage,
  user_id: row.user_id ?? '',
  user_name: userName,
  create_date: row.create_date.toISOString(),
});
