import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHAT_FILTERS, CHAT_OPTIONS, type ChatListQuery, chatListSchema } from '@conversa/domain';
import { chatListConditions, ownedTotalCondition } from '../../apps/server/src/modules/contacts/chat-list';
import { createContactsRepository } from '../../apps/server/src/modules/contacts/contacts.repository';
import type { BenchTenant } from '../generate';
import type { Sql } from '../lib/db';
import { Histogram, type Summary } from '../lib/histogram';
import { postJson } from '../lib/http';
import { SEARCH_TERMS } from '../lib/names';
import { ms, pcts, type Row, ratio, verdict } from '../lib/report';
import type { PhaseContext, Results } from './context';

export type InboxCase = { name: string; query: ChatListQuery; isSearch: boolean };

export const inboxCases = (fixed: string[]): InboxCase[] => {
  const cases: InboxCase[] = [];
  for (const filter of CHAT_FILTERS) {
    for (const option of CHAT_OPTIONS) {
      cases.push({
        name: `${filter}/${option}`,
        query: chatListSchema.parse({ filter, option, fixed }),
        isSearch: false,
      });
    }
  }
  for (const term of SEARCH_TERMS) {
    cases.push({
      name: `search "${term}"`,
      query: chatListSchema.parse({ filter: 'All', option: 'allMessages', fixed, search: term }),
      isSearch: true,
    });
  }
  return cases;
};

export type InboxHttpRow = { name: string; isSearch: boolean; latency: Summary; total: number; rows: number };

/** Each case through HTTP, one request at a time, as an agent with their pinned conversations. */
export const runInboxHttp = async (
  serverUrl: string,
  tenant: BenchTenant,
  requests: number,
  warmup: number,
): Promise<InboxHttpRow[]> => {
  const agent = tenant.agents[0];
  if (!agent) throw new Error('no agent');
  const results: InboxHttpRow[] = [];
  for (const inboxCase of inboxCases(agent.fixed)) {
    const histogram = new Histogram();
    let total = 0;
    let rows = 0;
    for (let index = 0; index < warmup + requests; index += 1) {
      const started = performance.now();
      const answer = await postJson(`${serverUrl}/api/v1/en/contact/chats`, inboxCase.query, agent.token);
      const elapsed = performance.now() - started;
      if (answer.status !== 200) throw new Error(`contact/chats ${inboxCase.name} answered ${answer.status}`);
      if (index >= warmup) histogram.record(elapsed);
      total = answer.body.pagination?.total ?? 0;
      rows = answer.body.data?.length ?? 0;
    }
    results.push({
      name: inboxCase.name,
      isSearch: inboxCase.isSearch,
      latency: histogram.summary(),
      total,
      rows,
    });
  }
  return results;
};

export type InboxPlanRow = {
  name: string;
  /** The same SQL the repository sends, run directly: the floor under the HTTP figure. */
  rawSql: Summary;
  seqScans: string[];
  planFile: string;
};

type Captured = { query: string; params: unknown[] };

/**
 * Captures the exact SQL of each case by running the server's own repository on a Drizzle instance whose
 * logger records every query, then saves EXPLAIN (ANALYZE, BUFFERS) of each beside the results.
 */
export const explainInbox = async (
  sql: Sql,
  tenant: BenchTenant,
  plansDir: string,
  repeats: number,
): Promise<InboxPlanRow[]> => {
  const agent = tenant.agents[0];
  if (!agent) throw new Error('no agent');
  let captured: Captured[] = [];
  const db = sql.drizzle({ logQuery: (query, params) => captured.push({ query, params }) });
  const repo = createContactsRepository(db);
  const rows: InboxPlanRow[] = [];
  for (const [index, inboxCase] of inboxCases(agent.fixed).entries()) {
    captured = [];
    const viewer = { clientId: tenant.clientId, userId: agent.id, timezone: tenant.timezone };
    const { query } = inboxCase;
    await repo.chats(
      tenant.clientId,
      chatListConditions(query, viewer),
      query.fixed,
      query.offset,
      0,
      ownedTotalCondition(query, viewer),
    );
    const queries = captured;
    const texts: string[] = [];
    const seqScans: string[] = [];
    for (const { query, params } of queries) {
      const plan = await sql.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query}`, params);
      const text = plan.map((row) => row['QUERY PLAN']).join('\n');
      for (const match of text.matchAll(/Seq Scan on (messages|contacts)\b/g)) seqScans.push(match[1] ?? '');
      texts.push(`-- ${query}\n-- params: ${JSON.stringify(params)}\n${text}\n`);
    }
    const planFile = `${String(index + 1).padStart(2, '0')}-${inboxCase.name.replace(/[^a-zA-Z0-9]+/g, '-')}.txt`;
    writeFileSync(join(plansDir, planFile), `${inboxCase.name}\n\n${texts.join('\n')}`);
    const histogram = new Histogram();
    for (let run = 0; run < repeats; run += 1) {
      const started = performance.now();
      for (const { query, params } of queries) await sql.query(query, params);
      histogram.record(performance.now() - started);
    }
    rows.push({ name: inboxCase.name, rawSql: histogram.summary(), seqScans, planFile });
  }
  return rows;
};

/** The phase on the running product: every case over HTTP. */
export const inboxPhase = async (
  { profile, results, log }: PhaseContext,
  serverUrl: string,
  tenant: BenchTenant,
) => {
  log('inbox: contact/chats over HTTP');
  results.inboxHttp = await runInboxHttp(serverUrl, tenant, profile.inbox.requests, profile.inbox.warmup);
};

/** The phase with the product stopped: each case's plan and its SQL run directly. */
export const inboxPlansPhase = async (
  { profile, results, log }: PhaseContext,
  sql: Sql,
  tenant: BenchTenant,
  plansDir: string,
) => {
  log('inbox: EXPLAIN (ANALYZE, BUFFERS) and raw SQL');
  // Settled again after the ingest, as the HTTP measurement found it.
  await sql.query('vacuum analyze contacts');
  results.inboxPlans = await explainInbox(sql, tenant, plansDir, Math.min(profile.inbox.requests, 50));
};

/** One row a case: HTTP latency beside its raw SQL, a sequential scan in its plan named (and missed). */
export const inboxRows = (r: Results): Row[] => {
  const plans = new Map((r.inboxPlans ?? []).map((plan) => [plan.name, plan]));
  return (r.inboxHttp ?? []).map((row) => {
    const plan = plans.get(row.name);
    const limitP95 = plan?.rawSql.p95 ?? Number.NaN;
    const targetMs = row.isSearch ? 25 : 10;
    const seq =
      plan && plan.seqScans.length > 0 ? ` SEQ SCAN on ${[...new Set(plan.seqScans)].join(', ')}` : '';
    return {
      metric: `inbox ${row.name} (total ${row.total.toLocaleString('en')}): p50 / p95 / p99${seq}`,
      ours: pcts(row.latency),
      limit: plan ? `${ms(plan.rawSql.p95)} raw SQL p95` : '',
      ratio: ratio(row.latency.p95, limitP95),
      target: `p95 ≤ ${targetMs} ms, no seq scan`,
      verdict: r.profile === 'full' ? verdict(row.latency.p95 <= targetMs && seq === '') : '',
    };
  });
};
