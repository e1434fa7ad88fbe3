import {
  auditChanges,
  DEAL_FIELDS,
  dealCreateSchema,
  importTagNames,
  normalizePhone,
} from '@conversa/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type AuditActor, writeAuditLog } from '../../core/audit/audit-log';
import type { Executor } from '../../core/db/database';
import { contacts, dealStageChanges, deals, pipelineStages, pipelines } from '../../core/db/schema';
import { resolveListItems } from '../../core/records/import-list-items';
import type { ImportTarget } from '../../core/records/import-target';
import { parseImportForm } from '../../core/records/import-target';
import { companyCurrency, reserveNumdeals } from './deal-placement';

/** A deal as one line gives it; its contact, pipeline, stage and tags are names or a phone until stored. */
type DealImport = {
  name: string;
  amount: number;
  currency: string | undefined;
  branch: string;
  closing_date: string;
  expected_date: string;
  tags: string[];
  contact_phone: string;
  pipeline: string;
  stage: string;
};

/** Besides the deal's importable fields: the contact's phone and the pipeline and stage by name. */
const HEADERS = [
  ...DEAL_FIELDS.filter((field) => field.importable).map((field) => field.key),
  'contact_phone',
  'pipeline',
  'stage',
];

const OPTIONAL_KEYS = ['currency', 'branch', 'closing_date', 'expected_date'] as const;

const byName = <T extends { name: string }>(items: readonly T[], name: string): T | undefined =>
  items.find((item) => item.name.toLowerCase() === name.trim().toLowerCase());

/** The company's pipelines with their stages in order, the first pipeline first. */
const pipelinesOf = async (tx: Executor, clientId: string) => {
  // One connection in a transaction: its queries go one after the other.
  const lines = await tx
    .select({ id: pipelines.id, name: pipelines.name })
    .from(pipelines)
    .where(eq(pipelines.client_id, clientId))
    .orderBy(asc(pipelines.position), asc(pipelines.create_date));
  const stages = await tx
    .select({ id: pipelineStages.id, name: pipelineStages.name, pipeline_id: pipelineStages.pipeline_id })
    .from(pipelineStages)
    .where(eq(pipelineStages.client_id, clientId))
    .orderBy(asc(pipelineStages.position));
  return lines.map((line) => ({ ...line, stages: stages.filter((stage) => stage.pipeline_id === line.id) }));
};

/** Contact ids by phone, for the phones the batch names. */
const contactsByPhone = async (tx: Executor, clientId: string, phones: string[]) => {
  const wanted = [...new Set(phones.filter(Boolean))];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await tx
    .select({ id: contacts.id, phone: contacts.phone })
    .from(contacts)
    .where(and(eq(contacts.client_id, clientId), inArray(contacts.phone, wanted)));
  return new Map(rows.map((row) => [row.phone, row.id]));
};

/**
 * Deals from a file: each line follows the new-deal rules (a name; an amount that is a number, not
 * negative; real dates). The contact is found by phone; the pipeline and stage by name, else the company's
 * first pipeline and that pipeline's first stage. Deals have no natural key, so no line is a duplicate.
 */
export const dealImportTarget: ImportTarget<DealImport> = {
  module: 'deal',
  permission: 'deal.import',
  headers: HEADERS,
  sample: [
    {
      name: 'Implantes Ana Pérez',
      amount: '1500000',
      currency: 'CLP',
      branch: 'Providencia',
      closing_date: '2026-12-15',
      expected_date: '2026-12-01',
      tags: 'web, 2026',
      contact_phone: '56912345678',
      pipeline: 'Ventas',
      stage: 'Propuesta',
    },
    { name: 'Ortodoncia Luis Soto', amount: '890000', contact_phone: '56987654321' },
  ],
  parse({ cells }) {
    const form: Record<string, unknown> = { name: cells.name ?? '', amount: cells.amount || 0 };
    for (const key of OPTIONAL_KEYS) if (cells[key]) form[key] = cells[key];
    const parsed = parseImportForm(dealCreateSchema, form);
    if (!parsed.ok) return parsed;
    const { name, amount, currency, branch, closing_date, expected_date } = parsed.input;
    return {
      ok: true,
      input: {
        name,
        amount,
        currency,
        branch,
        closing_date,
        expected_date,
        tags: importTagNames(cells.tags ?? ''),
        contact_phone: normalizePhone(cells.contact_phone ?? ''),
        pipeline: cells.pipeline ?? '',
        stage: cells.stage ?? '',
      },
    };
  },
  async insertBatch(tx, actor: AuditActor, inputs) {
    const { clientId } = actor;
    const companyPipelines = await pipelinesOf(tx, clientId);
    const tagItems = await resolveListItems(
      tx,
      actor,
      { module: 'deal', field: 'tags' },
      inputs.flatMap((input) => input.tags),
    );
    const phones = await contactsByPhone(
      tx,
      clientId,
      inputs.map((input) => input.contact_phone),
    );
    const currency = await companyCurrency(tx, clientId);
    const first = await reserveNumdeals(tx, clientId, inputs.length);
    const values = inputs.map((input, order) => {
      const pipeline = byName(companyPipelines, input.pipeline) ?? companyPipelines[0];
      const stage = pipeline && (byName(pipeline.stages, input.stage) ?? pipeline.stages[0]);
      if (!pipeline || !stage) throw new Error('the company has no pipeline to import deals into');
      return {
        client_id: clientId,
        numdeal: first + order,
        name: input.name,
        contact_id: phones.get(input.contact_phone) ?? null,
        pipeline_id: pipeline.id,
        pipeline_stage_id: stage.id,
        // After the column's last card, in the file's order.
        position: sql<number>`coalesce((select max(position) from deals where client_id = ${clientId}::uuid
          and pipeline_stage_id = ${stage.id}::uuid), 0) + ${order + 1}`,
        amount: input.amount,
        currency: input.currency ?? currency,
        branch: input.branch,
        closing_date: input.closing_date || null,
        expected_date: input.expected_date || null,
        tags: input.tags.map((name) => tagItems.idOf(name) ?? name),
      };
    });
    const created = await tx.insert(deals).values(values).returning();
    await tx.insert(dealStageChanges).values(
      created.map((deal) => ({
        client_id: clientId,
        deal_id: deal.id,
        to_pipeline_stage_id: deal.pipeline_stage_id,
        to_stage: deal.stage,
        user_id: actor.userId || null,
      })),
    );
    await writeAuditLog(
      tx,
      actor,
      created.map(({ id, client_id: _client, ...deal }) => ({
        action: 'create',
        module: 'deal',
        recordId: id,
        changes: auditChanges(null, deal),
      })),
    );
    return { created: created.length, skipped: 0, notifications: tagItems.notifications };
  },
};
