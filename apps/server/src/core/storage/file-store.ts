import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { UrlSigner } from '../crypto/secret-box';

export type StoredFile = { content: Buffer; contentType: string; filename: string };

/**
 * Where attachments live. The local folder is the default; an S3 store implements the same five calls.
 * Keys are opaque, generated here, and safe as one URL path segment.
 */
export type FileStore = {
  put: (clientId: string, file: StoredFile) => Promise<string>;
  get: (key: string) => Promise<StoredFile | undefined>;
  delete: (key: string) => Promise<void>;
  /** Every file of a company (a deleted company's): its keys start with its id. */
  deleteAllOf: (clientId: string) => Promise<void>;
  /** A link that works without a token until it expires. */
  url: (key: string) => string;
};

const KEY_PATTERN = /^[0-9a-f-]{36}_[0-9a-f-]{36}$/;

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
      const key = `${clientId}_${randomUUID()}`;
      await mkdir(folder, { recursive: true });
      await writeFile(pathOf(key), file.content);
      await writeFile(
        `${pathOf(key)}.json`,
        JSON.stringify({ contentType: file.contentType, filename: file.filename }),
      );
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
