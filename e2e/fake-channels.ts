/**
 * Where channels.spec.ts starts the server's fake Twilio and fake Maytapi gateway
 * (apps/server/src/test/fakes/fake-twilio.ts, fake-maytapi.ts) and the credentials they take: fixed, so the
 * server under test can be pointed at them (playwright.config.ts: TWILIO_API_URL, MAYTAPI_API_URL,
 * OUTBOUND_ALLOW_HOSTS) before the spec starts them. The fakes themselves are not imported here: the config
 * loads this file, and the server's sources are the specs' to load.
 */
export const FAKE_TWILIO_PORT = Number(process.env.E2E_TWILIO_PORT ?? 8097);
export const FAKE_TWILIO_URL = `http://127.0.0.1:${FAKE_TWILIO_PORT}`;
/** One Twilio account: `AC` + 32 hex, its auth token and the WhatsApp sender it owns. */
export const FAKE_TWILIO_ACCOUNT = {
  accountSid: `AC${'e2e0'.repeat(8)}`,
  authToken: 'e2e-twilio-auth-token-4821',
  fromNumber: '+14155238886',
};

export const FAKE_MAYTAPI_PORT = Number(process.env.E2E_MAYTAPI_PORT ?? 8098);
/** The gateway's API root, as MAYTAPI_API_URL names it (the real one ends in /api too). */
export const FAKE_MAYTAPI_URL = `http://127.0.0.1:${FAKE_MAYTAPI_PORT}`;
export const FAKE_MAYTAPI_CREDENTIALS = {
  productId: 'e2e-product-7f3a',
  phoneId: '48213',
  apiKey: 'e2e-maytapi-key-5c1d9b',
};
