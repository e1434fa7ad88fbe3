import type { PermissionKey } from '@conversa/domain';
import type { AuditActor } from '../audit/audit-log';
import type { Executor } from '../db/database';
import type { FieldIssue } from '../http/app-error';

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
  module: string;
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
  insertBatch: (tx: Executor, actor: AuditActor, inputs: I[]) => Promise<{ created: number; skipped: number }>;
};
