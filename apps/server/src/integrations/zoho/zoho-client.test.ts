import { randomUUID } from 'node:crypto';
import type { CrmzohoConfig } from '@conversa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeZoho, startFakeZoho } from '../../test/fakes/fake-zoho';
import { createZohoClient, ZOHO_DUPLICATE_CHECK_FIELDS } from './zoho-client';
import { ZohoCallError } from './zoho-http';
import { inBatches, toZohoRecord, type ZohoSourceRecord } from './zoho-records';
import { zohoAccountsUrl } from './zoho-tokens';

const CREDENTIALS = {
  clientId: '1000.FAKECLIENT',
  clientSecret: 'fake-client-secret',
  refreshToken: '1000.refresh.abc',
};

let zoho: FakeZoho;

beforeAll(async () => {
  zoho = await startFakeZoho(CREDENTIALS);
});

afterAll(async () => {
  await zoho?.close();
});

const configWith = (refreshToken = CREDENTIALS.refreshToken): CrmzohoConfig => ({
  data_centre: 'eu',
  client_id: CREDENTIALS.clientId,
  client_secret: CREDENTIALS.clientSecret,
  refresh_token: refreshToken,
  sync_contacts: true,
  sync_leads: true,
});

const clientOf = () =>
  createZohoClient({ accountsUrl: zoho.url, apiUrl: zoho.url, timeoutMs: 2000, allowHosts: [] });

const people = (count: number): ZohoSourceRecord[] =>
  Array.from({ length: count }, (_, index) => ({
    id: randomUUID(),
    first_name: 'Ana',
    last_name: `Paciente ${index}`,
    full_name: `Ana Paciente ${index}`,
    email: `ana${index}-${randomUUID().slice(0, 6)}@example.com`,
    phone: `569${String(10_000_000 + index)}`,
  }));

describe('Zoho client', () => {
  it("takes the data centre's accounts server unless one is configured", () => {
    expect(zohoAccountsUrl('com.au', undefined)).toBe('https://accounts.zoho.com.au');
    expect(zohoAccountsUrl('zohocloud.ca', undefined)).toBe('https://accounts.zoho.zohocloud.ca');
    expect(zohoAccountsUrl('eu', 'http://127.0.0.1:1/')).toBe('http://127.0.0.1:1');
  });

  it('fills Last_Name from the full name or the phone, and leaves an empty e-mail out', () => {
    const base = { id: 'x', first_name: '', last_name: '', full_name: '', email: '', phone: '56911112222' };
    expect(toZohoRecord(base)).toEqual({
      Last_Name: '56911112222',
      Phone: '56911112222',
      Mobile: '56911112222',
      Lead_Source: 'Chat',
    });
    expect(toZohoRecord({ ...base, full_name: 'Pedro Soto' }).Last_Name).toBe('Pedro Soto');
    expect(toZohoRecord({ ...base, first_name: 'Pedro', last_name: 'Soto', email: 'p@x.cl' })).toMatchObject({
      First_Name: 'Pedro',
      Last_Name: 'Soto',
      Email: 'p@x.cl',
    });
  });

  it('asks for one access token however many upserts run, at the same time or after', async () => {
    const client = clientOf();
    const before = zoho.tokensIssued();
    const config = configWith();
    await Promise.all(Array.from({ length: 8 }, () => client.upsert(config, 'Contacts', people(2))));
    for (let round = 0; round < 5; round += 1) await client.upsert(config, 'Leads', people(1));
    await client.check(config);
    expect(zoho.tokensIssued() - before).toBe(1);
  });

  it('upserts 250 records as calls of 100, 100 and 50 with the duplicate check and the Zoho-oauthtoken header', async () => {
    const client = clientOf();
    const config = configWith();
    const sent = zoho.upserts().length;
    const records = people(250);
    const ids: string[] = [];
    for (const batch of inBatches(records)) {
      const results = await client.upsert(config, 'Contacts', batch);
      for (const result of results) {
        expect(result.ok).toBe(true);
        if (result.ok) ids.push(result.externalId);
      }
    }
    const calls = zoho.upserts().slice(sent);
    expect(calls.map((entry) => entry.data.length)).toEqual([100, 100, 50]);
    for (const entry of calls) {
      expect(entry.module).toBe('Contacts');
      expect(entry.duplicateCheckFields).toEqual(ZOHO_DUPLICATE_CHECK_FIELDS);
      expect(entry.authorization).toMatch(/^Zoho-oauthtoken 1000\./);
    }
    expect(new Set(ids).size).toBe(250);
    // The same people again are updates of the same Zoho records, found by e-mail or phone.
    const again = await client.upsert(config, 'Contacts', records.slice(0, 3));
    expect(again.map((result) => (result.ok ? result.externalId : ''))).toEqual(ids.slice(0, 3));
    await expect(client.upsert(config, 'Contacts', people(101))).rejects.toThrow(/at most 100/);
  });

  it('says a revoked or unknown refresh token is refused, not worth retrying', async () => {
    const refreshToken = '1000.refresh.to-revoke';
    const fake = await startFakeZoho({ ...CREDENTIALS, refreshToken });
    try {
      const client = createZohoClient({
        accountsUrl: fake.url,
        apiUrl: fake.url,
        timeoutMs: 2000,
        allowHosts: [],
      });
      await client.check(configWith(refreshToken));
      fake.revoke(refreshToken);
      // The cached access token dies with its refresh token: the new refresh is refused.
      for (const config of [configWith(refreshToken), configWith('1000.refresh.unknown')]) {
        const refused = await client.check(config).catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(ZohoCallError);
        expect((refused as ZohoCallError).isTokenRefused).toBe(true);
        expect((refused as ZohoCallError).isRetryable).toBe(false);
      }
      const wrongClient = await client
        .check({ ...configWith(refreshToken), client_secret: 'wrong' })
        .catch((error: unknown) => error);
      expect((wrongClient as ZohoCallError).isTokenRefused).toBe(true);
    } finally {
      await fake.close();
    }
  });

  it('drops an access token Zoho no longer honours and takes a new one once', async () => {
    const client = clientOf();
    const config = configWith();
    await client.check(config);
    const before = zoho.tokensIssued();
    zoho.script(/^\/crm\/v8\/org$/, [
      {
        status: 401,
        json: { code: 'INVALID_TOKEN', details: {}, message: 'invalid oauth token', status: 'error' },
      },
    ]);
    await client.check(config);
    expect(zoho.tokensIssued() - before).toBe(1);
  });

  it('classifies 429 and 5xx as worth retrying', async () => {
    const client = clientOf();
    zoho.script(/\/upsert$/, [
      { status: 429, headers: { 'retry-after': '3' }, json: { code: 'TOO_MANY_REQUESTS' } },
    ]);
    const error = await client.upsert(configWith(), 'Leads', people(1)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ZohoCallError);
    expect((error as ZohoCallError).isRetryable).toBe(true);
    expect((error as ZohoCallError).retryAfterMs).toBe(3000);
  });
});
