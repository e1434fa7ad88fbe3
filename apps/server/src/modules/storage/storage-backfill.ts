import { and, asc, gt, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../core/db/database';
import { clients, files as fileRows, importJobs, messages } from '../../core/db/schema';
import type { FileStore, StoredFile } from '../../core/storage/file-store';

/** Records read per round: each file is read from the store once to learn its exact size. */
const BATCH = 200;

/** Below every uuid: each source's walk starts here. */
const FIRST_ID = '00000000-0000-0000-0000-000000000000';

/** A record that may name a file without a row: its id is the walk's cursor, its key the file's. */
type Pending = { id: string; key: string | null };

/** What a source says of its file's row; the key and the exact size are the walker's to set. */
type FileRowValues = Omit<typeof fileRows.$inferInsert, 'id' | 'key' | 'size'>;

/** One kind of record whose files were stored before files had rows. */
type BackfillSource<T extends Pending> = {
  /** The next records after `after` by id, at most BATCH, whose key has no row yet. */
  batchAfter: (db: Database, after: string) => Promise<T[]>;
  /** The row of a record's file, given what the store holds under its key. */
  toFileRow: (record: T, stored: StoredFile) => FileRowValues;
};

/** Keeps a source's record type through inference, from its selection to its row. */
const source = <T extends Pending>(definition: BackfillSource<T>) => definition;

/** A key no row holds yet: a re-run or an interrupted run selects only what is still missing. */
const hasNoFileRow = (key: AnyPgColumn): SQL =>
  sql`not exists (select 1 from ${fileRows} where ${fileRows.key} = ${key})`;

/** A message's attachment: its sender is known only when the company sent it. */
const attachments = source({
  batchAfter: async (db, after) =>
    db
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
          hasNoFileRow(messages.attachment_key),
        ),
      )
      .orderBy(asc(messages.id))
      .limit(BATCH),
  toFileRow: (message, stored) => ({
    client_id: message.client_id,
    name: message.filename || 'file',
    mime: message.mimetype || stored.contentType,
    module: 'message',
    reference_id: message.id,
    created_by: message.from_me ? message.owner : '',
    create_date: message.create_date,
  }),
});

/** A company's logo: who uploaded it was never kept, so it has no uploader. */
const logos = source({
  batchAfter: async (db, after) =>
    db
      .select({ id: clients.id, key: clients.imglogo, create_date: clients.create_date })
      .from(clients)
      .where(and(ne(clients.imglogo, ''), gt(clients.id, after), hasNoFileRow(clients.imglogo)))
      .orderBy(asc(clients.id))
      .limit(BATCH),
  toFileRow: (client, stored) => ({
    client_id: client.id,
    name: 'logo',
    mime: stored.contentType,
    module: 'logo',
    reference_id: client.id,
    created_by: '',
    create_date: client.create_date,
  }),
});

/** An import's file not yet read (a read one is removed with its key cleared), counted until it is. */
const pendingImports = source({
  batchAfter: async (db, after) =>
    db
      .select({
        id: importJobs.id,
        client_id: importJobs.client_id,
        key: importJobs.file_key,
        filename: importJobs.filename,
        user_id: importJobs.user_id,
        create_date: importJobs.create_date,
      })
      .from(importJobs)
      .where(and(ne(importJobs.file_key, ''), gt(importJobs.id, after), hasNoFileRow(importJobs.file_key)))
      .orderBy(asc(importJobs.id))
      .limit(BATCH),
  toFileRow: (job, stored) => ({
    client_id: job.client_id,
    name: job.filename || 'file',
    mime: stored.contentType,
    module: 'import',
    reference_id: job.id,
    // The starter's account may be gone since (user_id set null): the file then has no uploader.
    created_by: job.user_id ?? '',
    create_date: job.create_date,
  }),
});

/** The row of one record's file, its size read from the store; none when the store lost the file. */
const backfillOne = async <T extends Pending>(
  db: Database,
  files: FileStore,
  from: BackfillSource<T>,
  record: T,
): Promise<number> => {
  const stored = record.key ? await files.get(record.key) : undefined;
  if (!record.key || !stored) return 0;
  const inserted = await db
    .insert(fileRows)
    .values({ ...from.toFileRow(record, stored), key: record.key, size: stored.content.length })
    // A file stored meanwhile by the running app already has its row: that one stays.
    .onConflictDoNothing({ target: fileRows.key })
    .returning({ id: fileRows.id });
  return inserted.length;
};

/** Walks one source by id, batch after batch, until no record is left without its row. */
const backfillFrom = async <T extends Pending>(
  db: Database,
  files: FileStore,
  from: BackfillSource<T>,
): Promise<number> => {
  let added = 0;
  let after = FIRST_ID;
  for (;;) {
    const batch = await from.batchAfter(db, after);
    if (batch.length === 0) return added;
    after = batch.at(-1)?.id ?? after;
    // One file at a time: a batch never holds more than one file's bytes in memory.
    for (const record of batch) added += await backfillOne(db, files, from, record);
  }
};

/**
 * The one-time backfill of the storage rows of company files stored before files had rows: message
 * attachments, company logos and the files of imports not yet read. One row per file with none yet, its
 * size read from the store (a file the store lost gets no row). Each source is walked by id and what is
 * already there is skipped, so a re-run or an interrupted run only adds what is missing. Answers the rows
 * added.
 */
export const backfillFileRows = async (db: Database, files: FileStore): Promise<number> =>
  (await backfillFrom(db, files, attachments)) +
  (await backfillFrom(db, files, logos)) +
  (await backfillFrom(db, files, pendingImports));
