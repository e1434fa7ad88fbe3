import {
  auditChanges,
  CONTACT_FIELDS,
  contactCreateSchema,
  importTagNames,
  splitFullName,
} from '@conversa/domain';
import { sql } from 'drizzle-orm';
import { writeAuditLog } from '../../core/audit/audit-log';
import { recordset } from '../../core/db/recordset';
import { resolveListItems } from '../../core/records/import-list-items';
import type { ImportTarget } from '../../core/records/import-target';
import { parseImportForm } from '../../core/records/import-target';

/** The columns of a new contact, as one line of a file gives them; tags are names until stored. */
type ContactImport = {
  first_name: string;
  last_name: string;
  full_name: string;
  phone: string;
  email: string;
  document: string;
  country: string;
  tags: string[];
};

const NAME_PART_MAX = 60;

/** The contact fields a file may fill (a key's last segment), after `name`, the whole name in one cell. */
const HEADERS = [
  'name',
  ...CONTACT_FIELDS.filter((field) => field.importable).map((field) => field.key.split('.').pop() ?? ''),
];

/** Cells left blank take the new-contact form's defaults (country CL). */
const filled = (cells: Record<string, string>, keys: readonly string[]) =>
  Object.fromEntries(keys.flatMap((key) => (cells[key] ? [[key, cells[key]]] : [])));

/**
 * Contacts from a file: each line follows the new-contact rules (name of 3 or more characters, or first
 * and last name; a phone valid for the country). A phone the company already has is skipped, never
 * overwritten. Tags are the company's contact tags by name; a name it lacks becomes a new tag.
 */
export const contactImportTarget: ImportTarget<ContactImport> = {
  module: 'contact',
  permission: 'contact.import',
  headers: HEADERS,
  sample: [
    {
      name: 'Ana Pérez',
      phone: '+56 9 1234 5678',
      email: 'ana@example.com',
      document: '12.345.678-5',
      country: 'CL',
      tags: 'vip, 2026',
    },
    { first_name: 'Luis', last_name: 'Soto Rojas', phone: '56987654321', country: 'CL' },
  ],
  parse({ cells }) {
    const first = cells.first_name ?? '';
    const last = cells.last_name ?? '';
    const tooLong = (['first_name', 'last_name'] as const).filter(
      (key) => (cells[key] ?? '').length > NAME_PART_MAX,
    );
    if (tooLong.length > 0) {
      return { ok: false, issues: tooLong.map((path) => ({ path, message: 'validation.invalid' })) };
    }
    const parsed = parseImportForm(contactCreateSchema, {
      name: cells.name || `${first} ${last}`.trim(),
      phone: cells.phone ?? '',
      ...filled(cells, ['email', 'document', 'country']),
      tags: importTagNames(cells.tags ?? ''),
    });
    if (!parsed.ok) return parsed;
    const { name, phone, email, document, country, tags } = parsed.input;
    // Separate name cells are kept as written (a two-word last name stays whole).
    const names = cells.name ? splitFullName(name) : { first_name: first, last_name: last, full_name: name };
    return { ok: true, input: { ...names, phone, email, document, country, tags } };
  },
  async insertBatch(tx, actor, inputs) {
    const tagItems = await resolveListItems(
      tx,
      actor,
      { module: 'contact', field: 'tags' },
      inputs.flatMap((input) => input.tags),
    );
    const records = inputs.map((input) => ({
      ...input,
      tags: input.tags.map((name) => tagItems.idOf(name) ?? name),
    }));
    // One statement for the batch; a phone the company has (or an earlier line of the batch) is skipped.
    const result = (await tx.execute(sql`
      insert into contacts (client_id, first_name, last_name, full_name, phone, email, document, country, tags)
      select ${actor.clientId}::uuid, r.first_name, r.last_name, r.full_name, r.phone, r.email, r.document,
        r.country, r.tags
      from jsonb_to_recordset(${recordset(records)}) as r(first_name text, last_name text, full_name text,
        phone text, email text, document text, country text, tags jsonb)
      on conflict (client_id, phone) do nothing
      returning id, first_name, last_name, full_name, phone, email, document, country, tags`)) as unknown as {
      rows: (Omit<ContactImport, 'tags'> & { id: string; tags: string[] })[];
    };
    await writeAuditLog(
      tx,
      actor,
      result.rows.map(({ id, ...created }) => ({
        action: 'create',
        module: 'contact',
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
