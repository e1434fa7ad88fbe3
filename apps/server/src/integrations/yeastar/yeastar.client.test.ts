import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeYeastar, startFakeYeastar } from '../../test/fakes/fake-yeastar';
import { createYeastarClient, TOKEN_RENEW_MARGIN_MS, YeastarError } from './yeastar.client';
import { instantOf, parseYeastarEvent, resultOf } from './yeastar.events';

const credentials = (url: string, clientSecret = 'secret-0002') => ({
  pbxUrl: url,
  clientId: 'client-0002',
  clientSecret,
});

let pbx: FakeYeastar;
let clock = Date.now();
const client = () =>
  createYeastarClient({ allowHosts: [new URL(pbx.url).host], timeoutMs: 5_000, now: () => clock });

beforeAll(async () => {
  pbx = await startFakeYeastar({ clientId: 'client-0002', clientSecret: 'secret-0002' });
});
afterAll(async () => pbx?.close());

const advance = (ms: number) => {
  clock += ms;
  pbx.advance(ms);
};

describe('Yeastar client', () => {
  it('sends User-Agent: OpenAPI, keeps the token, and renews it with the refresh token before 30 minutes', async () => {
    const yeastar = client();
    const before = pbx.issued();
    await yeastar.dial('pbx-1', credentials(pbx.url), { caller: '2001', callee: '56911112222' });
    await yeastar.dial('pbx-1', credentials(pbx.url), { caller: '2001', callee: '56911113333' });
    expect(pbx.issued()).toEqual({ getToken: before.getToken + 1, refresh: before.refresh });
    for (const request of pbx.requests) expect(request.headers['user-agent']).toBe('OpenAPI');

    // Inside the renewal margin: the next call renews first, with the refresh token.
    advance(30 * 60_000 - TOKEN_RENEW_MARGIN_MS + 1_000);
    await yeastar.dial('pbx-1', credentials(pbx.url), { caller: '2001', callee: '56911114444' });
    expect(pbx.issued()).toEqual({ getToken: before.getToken + 1, refresh: before.refresh + 1 });
    expect(pbx.dials().at(-1)).toEqual({ caller: '2001', callee: '56911114444' });
  });

  it('gets a token again once the refresh token ran out, and shares one renewal between concurrent calls', async () => {
    const yeastar = client();
    await yeastar.dial('pbx-2', credentials(pbx.url), { caller: '2001', callee: '56911115555' });
    const before = pbx.issued();
    advance(25 * 3_600_000);
    await Promise.all(
      ['1', '2', '3'].map((end) =>
        yeastar.dial('pbx-2', credentials(pbx.url), { caller: '2001', callee: `5691111666${end}` }),
      ),
    );
    expect(pbx.issued()).toEqual({ getToken: before.getToken + 1, refresh: before.refresh });
  });

  it("surfaces the PBX's errcode and errmsg", async () => {
    const yeastar = client();
    await expect(yeastar.test(credentials(pbx.url, 'wrong-secret'))).rejects.toThrow(
      new YeastarError('20004: CLIENT ID OR SECRET INVALID'),
    );
    pbx.script(/call\/dial/, [{ json: { errcode: 40003, errmsg: 'EXTENSION NOT EXIST' } }]);
    await expect(
      yeastar.dial('pbx-3', credentials(pbx.url), { caller: '9999', callee: '56911117777' }),
    ).rejects.toThrow('40003: EXTENSION NOT EXIST');
  });

  it('refuses a PBX on a private address unless allowed', async () => {
    const yeastar = createYeastarClient({ allowHosts: [], timeoutMs: 5_000 });
    await expect(yeastar.test(credentials(pbx.url))).rejects.toThrow(/not a public address/);
  });
});

describe('Yeastar events', () => {
  it("maps the PBX's dispositions to the spec's call results", () => {
    expect(resultOf('ANSWERED', 'outbound')).toBe('answered');
    expect(resultOf('ANSWERD', 'inbound')).toBe('answered');
    expect(resultOf('NO ANSWER', 'outbound')).toBe('not_answered');
    expect(resultOf('BUSY', 'outbound')).toBe('not_answered');
    expect(resultOf('NO ANSWER', 'inbound')).toBe('missed_call');
    expect(resultOf('VOICEMAIL', 'inbound')).toBe('voicemail');
    expect(resultOf('FAILED', 'outbound')).toBe('wrong_number');
  });

  it('reads a CDR whose msg is an object or a JSON text, and a status change only once answered', () => {
    const msg = {
      call_id: '1.1',
      call_from: '56911118888',
      call_to: '2001',
      talk_duration: 5,
      status: 'ANSWERED',
      type: 'Inbound',
    };
    expect(parseYeastarEvent({ type: 30012, msg })).toMatchObject({
      phone: '56911118888',
      extensions: ['2001'],
    });
    expect(parseYeastarEvent({ type: 30012, msg: JSON.stringify(msg) })).toMatchObject({ isFinal: true });
    const ringing = {
      call_id: '1.2',
      members: [
        { inbound: { from: '56911118888', to: '5550000', member_status: 'ALERT' } },
        { extension: { number: '2001', member_status: 'RING' } },
      ],
    };
    expect(parseYeastarEvent({ type: 30011, msg: ringing })).toBeNull();
    const answered = {
      ...ringing,
      members: [ringing.members[0], { extension: { number: '2001', member_status: 'ANSWER' } }],
    };
    expect(parseYeastarEvent({ type: 30011, msg: answered })).toMatchObject({
      isFinal: false,
      direction: 'inbound',
      result: 'answered',
      phone: '56911118888',
    });
    expect(parseYeastarEvent({ type: 30013, msg: {} })).toBeNull();
    expect(parseYeastarEvent('nonsense')).toBeNull();
  });

  it("reads the PBX's wall time in the company's zone", () => {
    expect(instantOf('2026-07-01 12:00:00', 'Europe/Madrid').toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(instantOf('2026-01-15 09:30:00', 'America/Santiago').toISOString()).toBe(
      '2026-01-15T12:30:00.000Z',
    );
  });
});
