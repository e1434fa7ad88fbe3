import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

export type FormFile = { fieldname: string; filename: string; mimetype: string; content: Buffer };

/** A multipart form read whole: its text fields by name (the last one of a repeated name) and its files. */
export type MultipartForm = { fields: Record<string, string>; files: FormFile[] };

/** @fastify/multipart's own errors carry their status (413 for a limit, 400 for a forbidden field name). */
const hasStatus = (error: unknown): boolean =>
  typeof (error as { statusCode?: unknown } | null)?.statusCode === 'number';

/**
 * The error the form stopped on. When a form breaks a limit while a file is being read, the plugin ends that
 * file first (its reader fails with a bare "premature close") and queues the limit's own 413 after it.
 */
const causeOf = async (error: unknown, parts: AsyncIterator<Multipart>): Promise<unknown> => {
  if (hasStatus(error)) return error;
  try {
    let next = await parts.next();
    while (!next.done) next = await parts.next();
  } catch (queued) {
    if (hasStatus(queued)) return queued;
  }
  return error;
};

/** A body the parser could not read (no boundary, a cut part) is the caller's mistake, not a 500. */
const unreadable = (error: unknown): unknown =>
  hasStatus(error) ? error : new AppError(400, 'info.invalidData');

/**
 * Every multipart route reads its form here, so the plugin's limits (app.ts) and a broken body answer the
 * same whatever the order of the parts: 413 `tooManyParts` or `fileMax10mb`, 400 for an unreadable form.
 * Each file is read whole, which is what enforces its size limit. Not multipart: an empty form.
 */
export const readMultipartForm = async (request: FastifyRequest): Promise<MultipartForm> => {
  const form: MultipartForm = { fields: {}, files: [] };
  if (!request.isMultipart()) return form;
  const parts = request.parts();
  for (;;) {
    const next = await parts.next().catch((error: unknown) => {
      throw unreadable(error);
    });
    if (next.done) return form;
    const part = next.value;
    if (part.type === 'field') {
      form.fields[part.fieldname] = String(part.value);
      continue;
    }
    const content = await part.toBuffer().catch(async (error: unknown) => {
      throw unreadable(await causeOf(error, parts));
    });
    form.files.push({ fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype, content });
  }
};
