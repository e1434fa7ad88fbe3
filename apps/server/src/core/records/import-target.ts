import type { ImportModule, PermissionKey } from '@conversa/domain';
import type { z } from 'zod';
import type { AuditActor } from '../audit/audit-log';
import type { Executor } from '../db/database';
import type { FieldIssue } from '../http/app-error';
import { isMessageKey } from '../i18n/i18n';
import type { StoredNotification } from '../realtime/realtime-events.repository';

/** One line of an imported file: cells by header (lowercased, trimmed), and its line number in the file. */
export type ImportLine = { line: number; cells: Record<string, string> };

export type ParsedLine<I> = { ok: true; input: I } | { ok: false; issues: FieldIssue[] };

/**
 * What a module gives the import job (modules/imports) so its records can come from a CSV or XLSX file.
 * The job reads the file as a stream, parses each line with `parse`, and stores valid lines in batches with
 * `insertBatch`, each batch in one transaction with its progress, so a crash leaves every line in or out.
 */
export type ImportTarget<I = unknown> = {
  /** `imports/{module}` and the `module` of the import's notifications. */
  module: ImportModule;
  permission: PermissionKey;
  /** The headers the file may use (the sample file's header row); others are ignored. */
  headers: readonly string[];
  /** Two example lines for the downloadable sample file. */
  sample: readonly Record<string, string>[];
  parse: (line: ImportLine) => ParsedLine<I>;
  /**
   * Stores the valid inputs of one batch in `tx` (audit rows included); answers how many became records
   * and how many were skipped as duplicates of records the company already has.
   */
  // A method, so a list of targets of different inputs is one list of ImportTarget.
  insertBatch(tx: Executor, actor: AuditActor, inputs: I[]): Promise<InsertedBatch>;
};

export type InsertedBatch = {
  created: number;
  skipped: number;
  /** What else the batch announced in the outbox (list items it made); published after commit. */
  notifications?: StoredNotification[];
};

/**
 * A line's form checked by a module's create schema. One issue per field is what a person can act on (an
 * empty phone is not also an invalid one); a library's own text becomes 'validation.invalid', so the stored
 * report holds keys only and reads in any language.
 */
export const parseImportForm = <S extends z.ZodType>(schema: S, form: unknown): ParsedLine<z.output<S>> => {
  const parsed = schema.safeParse(form);
  if (parsed.success) return { ok: true, input: parsed.data };
  const issues: FieldIssue[] = [];
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    if (issues.some((known) => known.path === path)) continue;
    issues.push({ path, message: isMessageKey(issue.message) ? issue.message : 'validation.invalid' });
  }
  return { ok: false, issues };
};
