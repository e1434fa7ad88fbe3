import { and, asc, gt, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/database';
import { files as fileRows, messages } from '../../core/db/schema';
import type { FileStore } from '../../core/storage/file-store';

/** Messages read per round: each file is read from the store once to learn its exact size. */
const BATCH = 200;

/**
 * The one-time backfill of the storage rows of attachments stored before files had rows: one row per
 * message with a file and none yet, its size read from the store (a file the store lost gets no row).
 * It walks the messages by id and skips what is already there, so a re-run or an interrupted run only
 * adds what is missing. Answers the rows added.
 */
export const backfillAttachmentRows = async (db: Database, files: FileStore): Promise<number> => {
  let added = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const batch = await db
      .select({
        id: messages.id,
        client_id: messages.client_id,
        key: messages.attachment_key,
        filename: messages.filename,
        mimetype: messages.mimetype,
        owner: messages.owner,
        from_me: messages.from_me,
        create_date: messages.create_date,
      })
      .from(messages)
      .where(
        and(
          isNotNull(messages.attachment_key),
          gt(messages.id, after),
          sql`not exists (select 1 from ${fileRows} where ${fileRows.key} = ${messages.attachment_key})`,
        ),
      )
      .orderBy(asc(messages.id))
      .limit(BATCH);
    if (batch.length === 0) return added;
    after = batch.at(-1)?.id ?? after;
    for (const message of batch) {
      const stored = message.key ? await files.get(message.key) : undefined;
      if (!message.key || !stored) continue;
      const inserted = await db
        .insert(fileRows)
        .values({
          client_id: message.client_id,
          key: message.key,
          name: message.filename || 'file',
          size: stored.content.length,
          mime: message.mimetype || stored.contentType,
          module: 'message',
          reference_id: message.id,
          created_by: message.from_me ? message.owner : '',
          create_date: message.create_date,
        })
        .onConflictDoNothing({ target: fileRows.key })
        .returning({ id: fileRows.id });
      added += inserted.length;
    }
  }
};
