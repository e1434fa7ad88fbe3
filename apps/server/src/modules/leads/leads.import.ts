import { auditChanges, importTagNames, LEAD_FIELDS, leadCreateSchema, splitFullName } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import { writeAuditLog } from '../../core/audit/audit-log';
import { recordset } from '../../core/db/recordset';
import { resolveListItems } from '../../core/records/import-list-items';
import type { ImportTarget } from '../../core/records/import-target';
import { parseImportForm } from '../../core/records/import-target';

/** The columns of a new lead, as one line of a file gives them; tags are names until stored. */
type LeadImport = {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  document: string;
  country: string;
  tags: string[];
  source: string;
};

const HEADERS = LEAD_FIELDS.filter((field) => field.importable).map((field) => field.key);

const OPTIONAL_KEYS = ['last_name', 'email', 'document', 'country', 'source'] as const;

/**
 * Leads from a file: each line follows the new-lead rules (a first name, a phone valid for the country).
 * A phone some lead of the company already has (or an earlier line) is skipped. A file with one `name`
 * column instead of first and last names is read as the new-contact form reads it.
 */
export const leadImportTarget: ImportTarget<LeadImport> = {
  module: 'lead',
  permission: 'lead.import',
  headers: HEADERS,
  sample: [
    {
      first_name: 'Ana',
      last_name: 'Pérez',
      phone: '+56 9 1234 5678',
      email: 'ana@example.com',
      document: '12.345.678-5',
      country: 'CL',
      tags: 'web, 2026',
      source: 'Feria',
    },
    { first_name: 'Luis', last_name: 'Soto Rojas', phone: '56987654321', country: 'CL', source: 'Web' },
  ],
  parse({ cells }) {
    const split = cells.first_name ? undefined : splitFullName(cells.name ?? '');
    const form: Record<string, unknown> = {
      first_name: split?.first_name ?? cells.first_name,
      phone: cells.phone ?? '',
      tags: importTagNames(cells.tags ?? ''),
    };
    for (const key of OPTIONAL_KEYS) if (cells[key]) form[key] = cells[key];
    if (split?.last_name && !cells.last_name) form.last_name = split.last_name;
    const parsed = parseImportForm(leadCreateSchema, form);
    if (!parsed.ok) return parsed;
    const { first_name, last_name, phone, email, document, country, tags, source } = parsed.input;
    return { ok: true, input: { first_name, last_name, phone, email, document, country, tags, source } };
  },
  async insertBatch(tx, actor, inputs) {
    // Leads have no unique phone: one company's lead imports run one batch at a time to skip duplicates.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`leads.import:${actor.clientId}`}))`);
    const tagItems = await resolveListItems(
      tx,
      actor,
      { module: 'lead', field: 'tags' },
      inputs.flatMap((input) => input.tags),
    );
    const records = inputs.map((input, order) => ({
      ...input,
      order,
      full_name: `${input.first_name} ${input.last_name}`.trim(),
      tags: input.tags.map((name) => tagItems.idOf(name) ?? name),
    }));
    const result = (await tx.execute(sql`
      insert into leads (client_id, first_name, last_name, full_name, phone, email, document, country, tags,
        source)
      select ${actor.clientId}::uuid, r.first_name, r.last_name, r.full_name, r.phone, r.email, r.document,
        r.country, r.tags, r.source
      from (
        select distinct on (r.phone) r.*
        from jsonb_to_recordset(${recordset(records)}) as r("order" int, first_name text, last_name text,
          full_name text, phone text, email text, document text, country text, tags jsonb, source text)
        order by r.phone, r."order"
      ) as r
      where not exists (select 1 from leads where leads.client_id = ${actor.clientId}::uuid and leads.phone = r.phone)
      order by r."order"
      returning id, first_name, last_name, full_name, phone, email, document, country, tags, source`)) as unknown as {
      rows: (Omit<LeadImport, 'tags'> & { id: string; full_name: string; tags: string[] })[];
    };
    await writeAuditLog(
      tx,
      actor,
      result.rows.map(({ id, ...created }) => ({
        action: 'create',
        module: 'lead',
        recordId: id,
        changes: auditChanges(null, created),
      })),
    );
    return {
      created: result.rows.length,
      skipped: inputs.length - result.rows.length,
      notifications: tagItems.notifications,
    };
  },
};
