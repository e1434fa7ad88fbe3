/**
 * Where billing.spec.ts starts the server's fake Flow (apps/server/src/test/fakes/fake-flow.ts) and the
 * merchant credentials it takes: fixed, so the server under test can be pointed at it
 * (playwright.config.ts: FLOW_API_URL, FLOW_API_KEY, FLOW_SECRET_KEY) before the spec starts it. The fake
 * itself is not imported here: the config loads this file, and the server's sources are the specs' to load.
 */
export const FAKE_FLOW_PORT = Number(process.env.E2E_FLOW_PORT ?? 8096);
export const FAKE_FLOW_URL = `http://127.0.0.1:${FAKE_FLOW_PORT}`;
export const FAKE_FLOW_CREDENTIALS = { apiKey: 'e2e-flow-api-key', secretKey: 'e2e-flow-secret-key' };
