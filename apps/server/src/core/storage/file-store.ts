import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { UrlSigner } from '../crypto/secret-box';

export type StoredFile = { content: Buffer; contentType: string; filename: string };

/** What a file on disk is stored as, besides its bytes. */
export type StoredFileMeta = { contentType: string; filename: string };

/**
 * Where a company's files live. The local folder is the default; the S3 store implements the same calls.
 * Keys are opaque, generated here, and safe as one URL path segment.
 */
export type FileStore = {
  put: (clientId: string, file: StoredFile) => Promise<string>;
  /** A file already on disk (an extraction), streamed in so it is never held whole in memory. */
  putFile: (clientId: string, path: string, meta: StoredFileMeta) => Promise<string>;
  get: (key: string) => Promise<StoredFile | undefined>;
  /** A file's bytes as a stream (an extraction's download), never held whole in memory. */
  open: (key: string) => Promise<Readable | undefined>;
  delete: (key: string) => Promise<void>;
  /** Every file of a company (a deleted company's): its keys start with its id. */
  deleteAllOf: (clientId: string) => Promise<void>;
  /** A link that works without a token until it expires. */
  url: (key: string) => string;
};

const KEY_PATTERN = /^[0-9a-f-]{36}_[0-9a-f-]{36}$/;

/** Whether a key is one a store made (`{clientId}_{uuid}`): anything else names no file. */
export const isFileKey = (key: string): boolean => KEY_PATTERN.test(key);

/** A new key of a company's file: its id first, so every file of a company is found by prefix. */
export const newFileKey = (clientId: string): string => `${clientId}_${randomUUID()}`;

/** Links stay valid for a day and are cut at the hour, so a browser may cache a file between answers. */
const LINK_TTL_SECONDS = 24 * 3600;

export const signedFileUrl = (signer: UrlSigner, key: string): string => {
  const expiresAt = Math.ceil((Date.now() / 1000 + LINK_TTL_SECONDS) / 3600) * 3600;
  return `/files/${key}?exp=${expiresAt}&sig=${signer.sign(key, expiresAt)}`;
};

export const createLocalFileStore = (folder: string, signer: UrlSigner): FileStore => {
  const pathOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error('bad file key');
    return join(folder, key);
  };
  return {
    async put(clientId, file) {
      const key = newFileKey(clientId);
      await mkdir(folder, { recursive: true });
      await writeFile(pathOf(key), file.content);
      await writeFile(
        `${pathOf(key)}.json`,
        JSON.stringify({ contentType: file.contentType, filename: file.filename }),
      );
      return key;
    },
    async putFile(clientId, path, meta) {
      const key = newFileKey(clientId);
      await mkdir(folder, { recursive: true });
      await copyFile(path, pathOf(key));
      await writeFile(`${pathOf(key)}.json`, JSON.stringify(meta));
      return key;
    },
    async get(key) {
      if (!KEY_PATTERN.test(key)) return undefined;
      try {
        const [content, meta] = await Promise.all([
          readFile(pathOf(key)),
          readFile(`${pathOf(key)}.json`, 'utf8'),
        ]);
        const { contentType, filename } = JSON.parse(meta) as { contentType: string; filename: string };
        return { content, contentType, filename };
      } catch {
        return undefined;
      }
    },
    async open(key) {
      if (!KEY_PATTERN.test(key)) return undefined;
      const stream = createReadStream(pathOf(key));
      // A missing file shows as the stream's first error: answered as no file rather than a broken body.
      return new Promise<Readable | undefined>((resolve) => {
        stream.once('open', () => resolve(stream));
        stream.once('error', () => resolve(undefined));
      });
    },
    async delete(key) {
      await Promise.all([rm(pathOf(key), { force: true }), rm(`${pathOf(key)}.json`, { force: true })]);
    },
    async deleteAllOf(clientId) {
      const names = await readdir(folder).catch(() => [] as string[]);
      await Promise.all(
        names
          .filter((name) => name.startsWith(`${clientId}_`))
          .map((name) => rm(join(folder, name), { force: true })),
      );
    },
    url: (key) => signedFileUrl(signer, key),
  };
};
