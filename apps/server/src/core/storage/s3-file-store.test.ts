import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StorageFile } from '@conversa/domain';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_PNG } from '../../test/messaging-fixtures';
import { createTestApp, signupCompany, type TestApp } from '../../test/test-app';
import { createUrlSigner } from '../crypto/secret-box';
import type { FileStore } from './file-store';
import { createS3FileStore, type S3StoreOptions } from './s3-file-store';

const BUCKET = 'conversa-files';
const CLIENT = '11111111-1111-4111-8111-111111111111';
const OTHER_CLIENT = '22222222-2222-4222-8222-222222222222';

let server: S3rver;
let folder: string;
let options: S3StoreOptions;
let store: FileStore;
const signer = createUrlSigner('a-secret-key-of-at-least-32-characters!');

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 's3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(folder, 'buckets'),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  options = {
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    // s3rver accepts its own fixed credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  store = createS3FileStore(options, signer);
});
afterAll(async () => {
  await server?.close();
  await rm(folder, { recursive: true, force: true });
});

describe('the S3 file store', () => {
  it('puts, gets and deletes a file with its type and its original name', async () => {
    const key = await store.put(CLIENT, {
      content: TINY_PNG,
      contentType: 'image/png',
      filename: 'foto ñandú.png',
    });
    expect(key.startsWith(`${CLIENT}_`)).toBe(true);
    const read = await store.get(key);
    expect(read?.content.equals(TINY_PNG)).toBe(true);
    expect(read).toMatchObject({ contentType: 'image/png', filename: 'foto ñandú.png' });
    await store.delete(key);
    expect(await store.get(key)).toBeUndefined();
  });

  it('streams a file from disk in (putFile) and out (open), byte for byte', async () => {
    const path = join(folder, 'extraction.csv');
    const content = Buffer.from(`full_name\r\n${'Ana Soto\r\n'.repeat(50_000)}`);
    await writeFile(path, content);
    const key = await store.putFile(CLIENT, path, {
      contentType: 'text/csv; charset=utf-8',
      filename: 'contacts.csv',
    });
    const read = await store.get(key);
    expect(read?.content.equals(content)).toBe(true);
    expect(read?.filename).toBe('contacts.csv');
    const stream = await store.open(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(content)).toBe(true);
    expect(await store.open(`${CLIENT}_00000000-0000-4000-8000-000000000000`)).toBeUndefined();
  });

  it('deletes every file of one company and none of another’s', async () => {
    const file = { content: Buffer.from('x'), contentType: 'application/octet-stream', filename: 'x' };
    const mine = await Promise.all([store.put(CLIENT, file), store.put(CLIENT, file)]);
    const theirs = await store.put(OTHER_CLIENT, file);
    await store.deleteAllOf(CLIENT);
    for (const key of mine) expect(await store.get(key)).toBeUndefined();
    expect(await store.get(theirs)).toBeDefined();
  });

  it('answers no file for a key it never made, and signs links to our own /files route', async () => {
    expect(await store.get('../../etc/passwd')).toBeUndefined();
    expect(await store.get(`${CLIENT}_00000000-0000-4000-8000-000000000000`)).toBeUndefined();
    const link = store.url(`${CLIENT}_00000000-0000-4000-8000-000000000000`);
    expect(link).toMatch(/^\/files\/[\w-]+\?exp=\d+&sig=[\w-]+$/);
  });
});

describe('the product with its files in S3', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ s3: options });
  });
  afterAll(async () => testApp?.close());

  it('uploads to storage and serves the same bytes through the signed link', async () => {
    const owner = await signupCompany(testApp.app);
    const boundary = '----s3upload';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="photo.png"\r\n` +
          'content-type: image/png\r\n\r\n',
      ),
      TINY_PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/en/storage/create',
      headers: {
        authorization: `Bearer ${owner.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const file = (uploaded.json() as { data: StorageFile[] }).data[0] as StorageFile;
    const served = await testApp.app.inject({ method: 'GET', url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/v1/en/storage/deleteone/${file.id}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(removed.statusCode).toBe(200);
    expect((await testApp.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(404);
  });
});
