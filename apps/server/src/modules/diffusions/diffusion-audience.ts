import type { Diffusion, DiffusionPreviewRecipient } from '@conversa/domain';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import {
  contacts,
  deals,
  diffusionRecipients,
  leads,
  listDinamic,
  marketingOptOuts,
} from '../../core/db/schema';
import { AppError, badRequest } from '../../core/http/app-error';
import { isUuid } from '../../core/http/route-schemas';
import { buildSearchQuery, type SearchWhitelist } from '../../core/http/search-query';

/** Each audience module's search keys, the record kit's own (core/records whitelistOf). */
export type AudienceWhitelists = Record<Diffusion['audience']['module'], SearchWhitelist>;

const idList = (ids: string[]) => sql`string_to_array(${ids.join(',')}, ',')`;

/** The dynamic-list items must be the company's, of the audience's module: else 400 naming the item. */
export const assertAudienceLists = async (
  db: Executor,
  clientId: string,
  audience: Diffusion['audience'],
): Promise<void> => {
  const ids = audience.list_ids;
  if (ids.length === 0) return;
  const valid = ids.filter(isUuid);
  const found =
    valid.length === 0
      ? []
      : await db
          .select({ id: listDinamic.id })
          .from(listDinamic)
          .where(
            and(
              sql`${listDinamic.client_id} = ${clientId}`,
              sql`${listDinamic.module} = ${audience.module}`,
              sql`${listDinamic.id}::text = any(${idList(valid)})`,
            ),
          );
  const known = new Set(found.map((row) => row.id));
  const issues = ids.flatMap((id, index) =>
    known.has(id) ? [] : [{ path: `audience.list_ids.${index}`, message: 'validation.badValue' as const }],
  );
  if (issues.length > 0) throw badRequest(issues);
};

/** The kit's filters as SQL (400 naming a bad filter), checked at create and update, run at start. */
export const audienceWhere = (audience: Diffusion['audience'], whitelists: AudienceWhitelists) => {
  try {
    return buildSearchQuery(
      { filters: audience.filters, logical: audience.logical, page: 1, offset: 1 },
      whitelists[audience.module],
    ).where;
  } catch (error) {
    // The builder names `filters.N`; the diffusion's body has them under `audience`.
    if (error instanceof AppError && error.errors) {
      throw badRequest(error.errors.map((issue) => ({ ...issue, path: `audience.${issue.path}` })));
    }
    throw error;
  }
};

/**
 * Where an audience's recipients come from: contacts, leads, or deals by their contact's phone, filtered
 * by the kit's search and the dynamic-list items (tags, or the status), the company's with a phone.
 */
const audienceSource = (
  clientId: string,
  audience: Diffusion['audience'],
  whitelists: AudienceWhitelists,
) => {
  const where = audienceWhere(audience, whitelists);
  const lists = audience.list_ids;
  const source = {
    contact: {
      table: contacts,
      clientId: contacts.client_id,
      contactId: sql`${contacts.id}`,
      phone: contacts.phone,
      name: contacts.full_name,
      firstName: contacts.first_name,
      lastName: contacts.last_name,
      join: sql``,
      inLists: sql`(jsonb_exists_any(${contacts.tags}, ${idList(lists)}) or ${contacts.stage} = any(${idList(lists)}))`,
    },
    lead: {
      table: leads,
      clientId: leads.client_id,
      contactId: sql`${leads.converted_contact_id}`,
      phone: leads.phone,
      name: leads.full_name,
      firstName: leads.first_name,
      lastName: leads.last_name,
      join: sql``,
      inLists: sql`(jsonb_exists_any(${leads.tags}, ${idList(lists)}) or ${leads.status_id} = any(${idList(lists)}))`,
    },
    deal: {
      table: deals,
      clientId: deals.client_id,
      contactId: sql`${contacts.id}`,
      phone: contacts.phone,
      name: contacts.full_name,
      firstName: contacts.first_name,
      lastName: contacts.last_name,
      join: sql`join ${contacts} on ${contacts.client_id} = ${deals.client_id} and ${contacts.id} = ${deals.contact_id}`,
      inLists: sql`jsonb_exists_any(${deals.tags}, ${idList(lists)})`,
    },
  }[audience.module];
  const conditions: SQL[] = [sql`${source.clientId} = ${clientId}`, sql`${source.phone} <> ''`];
  if (where) conditions.push(where);
  if (lists.length > 0) conditions.push(source.inLists);
  return { ...source, where: and(...conditions) };
};

/**
 * Freezes the audience into the diffusion's recipients in ONE `INSERT … SELECT` (50,000 rows in seconds,
 * memory flat), one row per phone (ON CONFLICT DO NOTHING); a phone that asked to stop goes in already
 * skipped (`optout`). Answers how many rows were added.
 */
export const freezeAudience = async (
  db: Executor,
  diffusion: { id: string; client_id: string; audience: Diffusion['audience'] },
  whitelists: AudienceWhitelists,
): Promise<number> => {
  const source = audienceSource(diffusion.client_id, diffusion.audience, whitelists);
  const result = (await db.execute(sql`
    insert into ${diffusionRecipients} (client_id, diffusion_id, contact_id, phone, name, state, reason)
    select ${diffusion.client_id}::uuid, ${diffusion.id}::uuid, ${source.contactId}, ${source.phone},
      ${source.name},
      case when ${marketingOptOuts.phone} is null then 'pending' else 'skipped' end,
      case when ${marketingOptOuts.phone} is null then '' else 'optout' end
    from ${source.table} ${source.join}
    left join ${marketingOptOuts} on ${marketingOptOuts.client_id} = ${diffusion.client_id}::uuid
      and ${marketingOptOuts.phone} = ${source.phone}
    where ${source.where}
    on conflict (diffusion_id, phone) do nothing`)) as unknown as { rowCount: number | null };
  return result.rowCount ?? 0;
};

/**
 * One recipient the audience would send to (not opted out), as the placeholders read them, so a preview
 * shows a real customer's text before anything is sent; undefined when the audience is empty.
 */
export const firstRecipient = async (
  db: Executor,
  clientId: string,
  audience: Diffusion['audience'],
  whitelists: AudienceWhitelists,
): Promise<DiffusionPreviewRecipient | undefined> => {
  const source = audienceSource(clientId, audience, whitelists);
  const result = (await db.execute(sql`
    select ${source.phone} as phone, ${source.name} as full_name, ${source.firstName} as first_name,
      ${source.lastName} as last_name
    from ${source.table} ${source.join}
    where ${source.where} and not exists (select 1 from ${marketingOptOuts}
      where ${marketingOptOuts.client_id} = ${clientId} and ${marketingOptOuts.phone} = ${source.phone})
    order by ${source.phone}
    limit 1`)) as unknown as { rows: DiffusionPreviewRecipient[] };
  return result.rows[0];
};
