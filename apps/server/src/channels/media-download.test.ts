import type { Device } from '@conversa/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUrlSigner } from '../core/crypto/secret-box';
import { jobs, plans } from '../core/db/schema';
import { DEMO_LOGINS } from '../core/db/seed-logins';
import { signedFileUrl } from '../core/storage/file-store';
import { createDevice, listen, metaSignature, postWebhook, storedMessage } from '../test/channel-fixtures';
import { type FakeGraph, startFakeGraph } from '../test/fakes/fake-graph';
import {
  type StreamingServer,
  startStreamingServer,
  startWitness,
  type Witness,
} from '../test/fakes/outbound-targets';
import { newPhone, TINY_PNG } from '../test/messaging-fixtures';
import { createTestApp, login, type Session, type TestApp } from '../test/test-app';

/*
 * Files customers send are fetched by the media job from URLs someone else wrote: a Messenger or
 * Instagram attachment URL inside the webhook, the download URL in a WhatsApp media lookup. Those
 * fetches must never reach this machine or its network, never read more than the attachment limit, and
 * what they bring must never run on our origin.
 */

const TOKEN = 'EAAB-media-token-2468';
const APP_SECRET = 'media-app-secret';
const PAGE_ID = '682498302938111';
const IG_ID = '17841400000000222';
const PHONE_ID = '106540352242333';

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/api/v1/en/me")</script></svg>',
);
const XML_SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(localStorage.token)"/>',
);
const HTML = Buffer.from('<!doctype html><html><script>alert(localStorage.token)</script></html>');

let testApp: TestApp;
let graph: FakeGraph;
/** A service on this machine the attacker would like to reach: it must never see a connection. */
let internal: Witness;
/** An outside host streaming 30 MB with no length, allowed for the test. */
let huge: StreamingServer;
let baseUrl: string;
let owner: Session;
let messenger: Device;
let instagram: Device;
let whatsapp: Device;

beforeAll(async () => {
  [graph, internal, huge] = await Promise.all([
    startFakeGraph(TOKEN),
    startWitness(),
    startStreamingServer(30_000_000, { declare: false }),
  ]);
  testApp = await createTestApp({
    graphApiUrl: graph.apiUrl,
    outboundAllowHosts: [new URL(graph.url).host, huge.host],
  });
  baseUrl = await listen(testApp.app);
  owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  // Room in the demo plan for one device of each provider under test.
  await testApp.app.database.db.update(plans).set({ devices: 10 });
  messenger = await createDevice(testApp.app, owner, 'messenger', {
    page_id: PAGE_ID,
    page_access_token: TOKEN,
    app_secret: APP_SECRET,
    verify_token: 'messenger-verify',
  });
  instagram = await createDevice(testApp.app, owner, 'instagram', {
    ig_account_id: IG_ID,
    access_token: TOKEN,
    app_secret: APP_SECRET,
    verify_token: 'instagram-verify',
  });
  whatsapp = await createDevice(testApp.app, owner, 'whatsapp', {
    phone_number_id: PHONE_ID,
    waba_id: '102290129340444',
    access_token: TOKEN,
    app_secret: APP_SECRET,
    verify_token: 'whatsapp-verify',
  });
});
afterAll(async () => {
  await testApp?.close();
  await Promise.all([graph?.close(), internal?.close(), huge?.close()]);
});

let counter = 0;
const nextId = (prefix: string) => {
  counter += 1;
  return `${prefix}${Date.now()}${counter}`;
};

const signed = async (device: Device, body: unknown) => {
  const raw = JSON.stringify(body);
  const status = await postWebhook(baseUrl, `/webhooks/${device.setting.conect.type}/${device.id}`, raw, {
    'x-hub-signature-256': metaSignature(raw, APP_SECRET),
  });
  expect(status).toBe(200);
};

const metaChannels = [
  { label: 'Messenger', object: 'page', ownId: PAGE_ID, device: () => messenger },
  { label: 'Instagram', object: 'instagram', ownId: IG_ID, device: () => instagram },
] as const;

type MetaChannel = (typeof metaChannels)[number];

/** A customer sends one attachment whose URL is `url`; answers the stored message's provider id. */
const sendAttachment = async (channel: MetaChannel, type: string, url: string): Promise<string> => {
  const mid = nextId('m_');
  await signed(channel.device(), {
    object: channel.object,
    entry: [
      {
        id: channel.ownId,
        time: Date.now(),
        messaging: [
          {
            sender: { id: nextId('8') },
            recipient: { id: channel.ownId },
            timestamp: Date.now(),
            message: { mid, attachments: [{ type, payload: { url } }] },
          },
        ],
      },
    ],
  });
  return mid;
};

const fileOf = async (device: Device, providerId: string) => {
  await expect
    .poll(async () => (await storedMessage(testApp.app, device.id, providerId))?.attachment_key, {
      timeout: 15_000,
    })
    .toBeTruthy();
  const row = await storedMessage(testApp.app, device.id, providerId);
  const url = signedFileUrl(createUrlSigner(testApp.config.secretKey), String(row?.attachment_key));
  return { row, response: await testApp.app.inject({ method: 'GET', url }) };
};

/** The media job gave up at its first attempt; answers the reason the message shows. */
const failureOf = async (device: Device, providerId: string): Promise<string> => {
  await expect
    .poll(async () => (await storedMessage(testApp.app, device.id, providerId))?.error, { timeout: 15_000 })
    .toBeTruthy();
  const row = await storedMessage(testApp.app, device.id, providerId);
  expect(row?.attachment_key).toBeFalsy();
  const [job] = await testApp.app.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.name, 'message.media'), eq(jobs.key, `message.media:${row?.id}`)));
  expect(job).toMatchObject({ status: 'failed', attempts: 1 });
  return String(row?.error);
};

const expectOpaqueDownload = (headers: Record<string, unknown>) => {
  expect(headers['content-type']).toBe('application/octet-stream');
  expect(String(headers['content-disposition'])).toMatch(/^attachment;/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(String(headers['content-security-policy'])).toMatch(/^sandbox; default-src 'none'/);
};

describe.each(metaChannels)('$label attachment URLs', (channel) => {
  it('an SVG or HTML file is stored opaque and served as a sandboxed download, whatever it claims', async () => {
    const tag = nextId('');
    graph.media.set(`/cdn/${tag}.svg`, { content: SVG, mimeType: 'image/svg+xml' });
    graph.media.set(`/cdn/${tag}-xml.svg`, { content: XML_SVG, mimeType: 'image/svg+xml' });
    graph.media.set(`/cdn/${tag}.png`, { content: HTML, mimeType: 'image/png' });
    for (const [type, path] of [
      ['image', `/cdn/${tag}.svg`],
      ['image', `/cdn/${tag}-xml.svg`],
      ['file', `/cdn/${tag}.png`],
    ]) {
      const providerId = await sendAttachment(channel, String(type), `${graph.url}${path}`);
      const { row, response } = await fileOf(channel.device(), providerId);
      expect(row?.mimetype).toBe('application/octet-stream');
      expect(response.statusCode).toBe(200);
      expectOpaqueDownload(response.headers);
    }
  });

  it('a PNG is shown inline, still under nosniff and the sandbox', async () => {
    const path = `/cdn/${nextId('')}.bin`;
    graph.media.set(path, { content: TINY_PNG, mimeType: 'application/octet-stream' });
    const providerId = await sendAttachment(channel, 'image', `${graph.url}${path}`);
    const { row, response } = await fileOf(channel.device(), providerId);
    expect(row?.mimetype).toBe('image/png');
    expect(response.headers['content-type']).toBe('image/png');
    expect(String(response.headers['content-disposition'])).toMatch(/^inline;/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(String(response.headers['content-security-policy'])).toMatch(/^sandbox;/);
    expect(response.rawPayload.equals(TINY_PNG)).toBe(true);
  });

  it('an attachment URL on this machine is refused at once, and the service there sees nothing', async () => {
    const port = new URL(internal.url).port;
    const redirectPath = `/cdn/${nextId('')}-redirect`;
    graph.script(new RegExp(`^${redirectPath}$`), [
      { status: 302, headers: { location: `${internal.url}/admin/users` } },
    ]);
    for (const url of [
      `${internal.url}/admin/users`,
      `http://localhost:${port}/admin/users`,
      `http://[::ffff:127.0.0.1]:${port}/admin/users`,
      `${graph.url}${redirectPath}`,
    ]) {
      const providerId = await sendAttachment(channel, 'image', url);
      expect(await failureOf(channel.device(), providerId)).toMatch(
        /^media could not be downloaded: .* is not a public address$/,
      );
    }
    expect(internal.connections()).toBe(0);
    expect(graph.received((request) => request.path === redirectPath)).toHaveLength(1);
  });

  it('the cloud metadata service is refused', async () => {
    const providerId = await sendAttachment(
      channel,
      'file',
      'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
    );
    expect(await failureOf(channel.device(), providerId)).toBe(
      'media could not be downloaded: 169.254.169.254 is not a public address',
    );
  });
});

describe('WhatsApp media URLs', () => {
  it('a download URL outside the Graph origin pointing at this machine is refused, token never sent', async () => {
    const mediaId = nextId('media-');
    graph.script(new RegExp(`^/v23\\.0/${mediaId}$`), [
      {
        json: {
          messaging_product: 'whatsapp',
          url: `${internal.url}/steal`,
          mime_type: 'image/png',
          id: mediaId,
        },
      },
    ]);
    const wamid = nextId('wamid.IN');
    const phone = newPhone();
    await signed(whatsapp, {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340444',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550100', phone_number_id: PHONE_ID },
                contacts: [{ profile: { name: 'Ana' }, wa_id: phone }],
                messages: [
                  {
                    from: phone,
                    id: wamid,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    type: 'image',
                    image: { id: mediaId, mime_type: 'image/png' },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    expect(await failureOf(whatsapp, wamid)).toBe(
      'media could not be downloaded: 127.0.0.1 is not a public address',
    );
    expect(internal.connections()).toBe(0);
  });
});

describe('the attachment limit while downloading', () => {
  it('a 30 MB chunked answer is cut at 10,000,000 bytes: the job fails for good, the rest is never sent', async () => {
    const providerId = await sendAttachment(metaChannels[0], 'video', `${huge.url}/movie.mp4`);
    expect(await failureOf(messenger, providerId)).toBe(
      'media could not be downloaded: the answer is larger than the limit of 10000000 bytes',
    );
    const report = await huge.report();
    expect(report.isFinished).toBe(false);
    expect(report.isCutByClient).toBe(true);
    expect(report.bytesWritten).toBeLessThan(30_000_000);
  });
});
