import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { UrlSigner } from '../crypto/secret-box';
import { type FileStore, isFileKey, newFileKey, signedFileUrl } from './file-store';

/** An S3-compatible bucket (AWS, MinIO, R2…): where its API answers and with which keys. */
export type S3StoreOptions = {
  bucket: string;
  region: string;
  /** Empty for AWS itself; the server's URL otherwise. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `bucket` in the path rather than the host name, as MinIO and local servers need. */
  forcePathStyle: boolean;
};

/** The original name travels as object metadata, which must be ASCII: it is stored URI-encoded. */
const FILENAME_META = 'filename';

const isMissing = (error: unknown): boolean =>
  error instanceof NoSuchKey ||
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode === 404;

/**
 * The FileStore over an S3-compatible bucket. Objects are named by the same opaque keys as the local
 * folder's files, and links stay our own signed `/files/…` route (it reads through the store), so
 * the bucket itself never needs to be public.
 */
export const createS3FileStore = (options: S3StoreOptions, signer: UrlSigner): FileStore => {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    // Checksums only where S3 requires them: the SDK's default sends a streamed body as aws-chunked with
    // a trailing checksum, which many S3-compatible servers store verbatim, framing and all.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  const Bucket = options.bucket;
  const metadataOf = (filename: string) => ({ [FILENAME_META]: encodeURIComponent(filename) });

  return {
    async put(clientId, file) {
      const key = newFileKey(clientId);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: file.content,
          ContentType: file.contentType,
          Metadata: metadataOf(file.filename),
        }),
      );
      return key;
    },
    async putFile(clientId, path, meta) {
      const key = newFileKey(clientId);
      // A stream needs its length up front (S3 refuses a chunked body of unknown size).
      const { size } = await stat(path);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: createReadStream(path),
          ContentLength: size,
          ContentType: meta.contentType,
          Metadata: metadataOf(meta.filename),
        }),
      );
      return key;
    },
    async get(key) {
      if (!isFileKey(key)) return undefined;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return undefined;
        const content = Buffer.from(await object.Body.transformToByteArray());
        const filename = decodeURIComponent(object.Metadata?.[FILENAME_META] ?? '');
        return { content, contentType: object.ContentType ?? 'application/octet-stream', filename };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async open(key) {
      if (!isFileKey(key)) return undefined;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        // In Node the SDK answers the body as the response's own stream.
        return object.Body instanceof Readable ? object.Body : undefined;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      if (!isFileKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async deleteAllOf(clientId) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${clientId}_`, ContinuationToken: token }),
        );
        const keys = (page.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
        if (keys.length > 0) {
          await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    url: (key) => signedFileUrl(signer, key),
  };
};
