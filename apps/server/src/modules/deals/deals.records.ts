import {
  DEAL_FIELDS,
  type DealContact,
  dealBulkUpdateSchema,
  dealCreateSchema,
  dealUpdateSchema,
  lacksLostReason,
} from '@conversa/domain';
import { type AnyColumn, and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { contacts, type DealRow, deals, payments } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { badRequest } from '../../core/http/app-error';
import { NEWEST_FIRST } from '../../core/http/search-query';
import { defineRecordModule } from '../../core/records/record-module';
import { assertCompanyUsers } from '../../core/records/record-users';
import { recordDealsDeleted } from '../metrics/metric-events';
import { dealStageEffects } from './deal-history';
import {
  companyContact,
  companyCurrency,
  nextNumdeal,
  nextPosition,
  pipelineOfStage,
  placeOnCreate,
  placeOnUpdate,
} from './deal-placement';
import { type DealRelated, dealFor, toDeal } from './deals.mapper';

/** What a deal's payments add up to, per row of the query (0 without payments). */
const paidTotal = sql`coalesce((select sum(p.amount) from payments p where p.client_id = ${deals.client_id} and p.deal_id = ${deals.id}), 0)`;

/** A date column compared as the UTC day it names, like the search's whole-day values. */
const dayOf = (column: AnyColumn) => sql`(${column}::timestamp at time zone 'UTC')`;

/** A date of a body: '' clears it. */
const storedDate = (value: string) => (value === '' ? null : value);

/** The contacts and payment totals of a batch of deals, one query each. */
const relatedOf = async (db: Executor, clientId: string, rows: DealRow[]): Promise<DealRelated> => {
  const contactIds = [...new Set(rows.flatMap((row) => (row.contact_id ? [row.contact_id] : [])))];
  // One after the other: inside a write's transaction both run on its one connection.
  const people =
    contactIds.length === 0
      ? []
      : await db
          .select({ id: contacts.id, full_name: contacts.full_name, phone: contacts.phone })
          .from(contacts)
          .where(and(eq(contacts.client_id, clientId), inArray(contacts.id, contactIds)));
  const paid = await db
    .select({ deal_id: payments.deal_id, total: sql<string>`sum(${payments.amount})` })
    .from(payments)
    .where(
      and(
        eq(payments.client_id, clientId),
        inArray(
          payments.deal_id,
          rows.map((row) => row.id),
        ),
      ),
    )
    .groupBy(payments.deal_id);
  return {
    contacts: new Map(people.map((person): [string, DealContact] => [person.id, person])),
    paid: new Map(paid.map((row) => [row.deal_id, Number(row.total)])),
  };
};

/**
 * Deals (presupuestos) on the record kit: every kit route under `deal/`, the pipeline's kanban and the
 * stage history (deals.routes.ts). `events` carries the `deal.stageChanged` event after each commit.
 */
export const createDealRecords = (events: EventBus) =>
  defineRecordModule({
    name: 'deal',
    permission: 'deal',
    words: { one: 'deal', many: 'deals' },
    table: deals,
    fields: DEAL_FIELDS,
    columns: {
      numdeal: deals.numdeal,
      name: deals.name,
      'contact.full_name': sql`(select c.full_name from contacts c where c.client_id = ${deals.client_id} and c.id = ${deals.contact_id})`,
      // uuid columns compared as text, so any searched value is a plain mismatch, never a database error.
      pipeline_id: sql`${deals.pipeline_id}::text`,
      pipeline_stage_id: sql`${deals.pipeline_stage_id}::text`,
      stage: deals.stage,
      lost_reason: deals.lost_reason,
      amount: deals.amount,
      currency: deals.currency,
      paid_total: paidTotal,
      balance: sql`(${deals.amount} - ${paidTotal})`,
      branch: deals.branch,
      closing_date: dayOf(deals.closing_date),
      expected_date: dayOf(deals.expected_date),
      owner: deals.owner,
      tags: deals.tags,
      create_date: deals.create_date,
    },
    // The chat panel and the contact's page list one contact's deals. Compared as text, so any searched
    // value is a plain mismatch, never a database error.
    searchExtra: { contact_id: { column: sql`${deals.contact_id}::text`, type: 'text' } },
    related: relatedOf,
    toApi: toDeal,
    viewFor: dealFor,
    create: {
      schema: dealCreateSchema,
      async values(input, { db, auth }) {
        await assertCompanyUsers(db, auth.clientId, input.owner);
        const contactId = await companyContact(db, auth.clientId, input.contact_id);
        const place = await placeOnCreate(db, auth.clientId, input.pipeline_id, input.pipeline_stage_id);
        const currency = input.currency ?? (await companyCurrency(db, auth.clientId));
        // The counter row is locked from here to commit: the column's last position is read after it.
        const numdeal = await nextNumdeal(db, auth.clientId);
        const position = input.position ?? (await nextPosition(db, auth.clientId, place));
        return {
          numdeal,
          name: input.name,
          contact_id: contactId,
          pipeline_id: place.pipelineId,
          pipeline_stage_id: place.stageId,
          position,
          stage: input.stage,
          lost_reason: input.lost_reason,
          branch: input.branch,
          amount: input.amount,
          currency,
          closing_date: storedDate(input.closing_date),
          expected_date: storedDate(input.expected_date),
          owner: input.owner,
          tags: input.tags,
        };
      },
    },
    update: {
      schema: dealUpdateSchema,
      async patch(input, current, { db, auth }) {
        if (input.owner) await assertCompanyUsers(db, auth.clientId, input.owner);
        if (lacksLostReason(input.stage ?? current.stage, input.lost_reason ?? current.lost_reason)) {
          throw badRequest([{ path: 'lost_reason', message: 'validation.lostReason' }]);
        }
        const { contact_id, pipeline_id, pipeline_stage_id, closing_date, expected_date, ...rest } = input;
        const place = await placeOnUpdate(
          db,
          auth.clientId,
          { pipelineId: current.pipeline_id, stageId: current.pipeline_stage_id },
          { pipeline_id, pipeline_stage_id },
        );
        return {
          ...rest,
          ...(contact_id === undefined
            ? {}
            : { contact_id: await companyContact(db, auth.clientId, contact_id) }),
          ...(place
            ? {
                pipeline_id: place.pipelineId,
                pipeline_stage_id: place.stageId,
                position: input.position ?? (await nextPosition(db, auth.clientId, place)),
              }
            : {}),
          ...(closing_date === undefined ? {} : { closing_date: storedDate(closing_date) }),
          ...(expected_date === undefined ? {} : { expected_date: storedDate(expected_date) }),
        };
      },
    },
    bulkUpdate: {
      schema: dealBulkUpdateSchema,
      async patch(update, { db, auth }) {
        await assertCompanyUsers(db, auth.clientId, update.owner ?? []);
        const { pipeline_stage_id, closing_date, expected_date, ...rest } = update;
        return {
          ...rest,
          ...(pipeline_stage_id === undefined
            ? {}
            : {
                pipeline_stage_id,
                pipeline_id: await pipelineOfStage(db, auth.clientId, pipeline_stage_id),
              }),
          ...(closing_date === undefined ? {} : { closing_date: storedDate(closing_date) }),
          ...(expected_date === undefined ? {} : { expected_date: storedDate(expected_date) }),
        };
      },
    },
    afterWrite: dealStageEffects(events),
    async afterDelete(rows, { db, auth }) {
      await recordDealsDeleted(db, auth.clientId, rows, new Date());
    },
    defaultSort: NEWEST_FIRST,
    kanban: 'pipeline_stage_id',
    info: { created: 'info.dealCreated', updated: 'info.dealUpdated', deleted: 'info.dealDeleted' },
  });

export type DealRecords = ReturnType<typeof createDealRecords>;
