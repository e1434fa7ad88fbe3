import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Envelope } from '@conversa/domain';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import type { Config } from '../core/config';
import { DEFAULT_MASTER_LOGIN } from '../core/db/seed-logins';
import { seedDatabase } from '../seed/seed';

export type TestApp = { app: FastifyInstance; config: Config; close: () => Promise<void> };

/**
 * A database of its own for one test file, created from the run's migrated template (src/test/global-setup.ts)
 * on TEST_DATABASE_URL or on the run's embedded PostgreSQL, and dropped afterwards.
 */
export const createTestDatabase = async (): Promise<{ url: string; drop: () => Promise<void> }> => {
  const { adminUrl, template } = inject('testDatabaseServer');
  const name = `conversa_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
};

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  port: 0,
  host: '127.0.0.1',
  dataDir: '/tmp/conversa-test-unused',
  // createTestApp and createTestDatabase give each test file a database of its own.
  databaseUrl: undefined,
  redisUrl: undefined,
  smtpUrl: undefined,
  mailFrom: 'Conversa <no-reply@conversa.test>',
  publicUrl: 'http://conversa.test',
  masterEmail: DEFAULT_MASTER_LOGIN.email,
  masterPassword: DEFAULT_MASTER_LOGIN.password,
  secretKey: 'test-secret-key-that-is-long-enough-0000',
  corsOrigins: [],
  frameAncestors: ['*'],
  webDist: '/nonexistent/web/dist',
  trustProxy: false,
  logLevel: 'silent',
  seedDemo: true,
  // Nothing listens on the discard port: a provider call not pointed at a fake fails at once.
  graphApiUrl: 'http://127.0.0.1:9/graph',
  telegramApiUrl: 'http://127.0.0.1:9/telegram',
  d360ApiUrl: 'http://127.0.0.1:9/d360',
  twilioApiUrl: 'http://127.0.0.1:9/twilio',
  maytapiApiUrl: 'http://127.0.0.1:9/maytapi',
  openaiApiUrl: 'http://127.0.0.1:9/openai',
  scheduling: {
    dentalinkApiUrl: 'http://127.0.0.1:9/dentalink',
    medilinkApiUrl: 'http://127.0.0.1:9/medilink',
    medilinkV5ApiUrl: 'http://127.0.0.1:9/medilink-v5',
    dentalsoftApiUrl: 'http://127.0.0.1:9/dentalsoft',
    calendlyApiUrl: 'http://127.0.0.1:9/calendly',
  },
  dialogflowApiUrl: 'http://127.0.0.1:9/dialogflow',
  googleTokenUrl: 'http://127.0.0.1:9/token',
  zohoAccountsUrl: 'http://127.0.0.1:9/zoho-accounts',
  zohoApiUrl: 'http://127.0.0.1:9/zoho-api',
  payments: {
    flow: { apiUrl: 'http://127.0.0.1:9/flow', apiKey: '', secretKey: '' },
    paypal: { apiUrl: 'http://127.0.0.1:9/paypal', clientId: '', clientSecret: '', webhookId: '' },
    rebill: { apiUrl: 'http://127.0.0.1:9/rebill', apiKey: '' },
  },
  providerTimeoutMs: 2000,
  outboundAllowHosts: [],
  jobLeaseMs: 60_000,
  metricsToken: undefined,
  s3: undefined,
  vapid: undefined,
  ...overrides,
});

/** The whole app on a fresh, migrated and seeded database (master plus the demo company). */
export const createTestApp = async (overrides: Partial<Config> = {}): Promise<TestApp> => {
  const database = await createTestDatabase();
  const config = testConfig({ databaseUrl: database.url, ...overrides });
  const app = await buildApp(config);
  await seedDatabase(app.database.db, {
    masterEmail: config.masterEmail,
    masterPassword: config.masterPassword,
    seedDemo: config.seedDemo,
    demo: { secretKey: config.secretKey, dataDir: config.dataDir, logger: app.log },
  });
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
};

/** Starts the test app on a free local port (for socket clients and real HTTP) and answers its address. */
export const listenLocally = async (testApp: TestApp): Promise<string> => {
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
};

export type ApiAnswer<T = Record<string, unknown>> = {
  status: number;
  body: Envelope<T>;
  headers: Record<string, unknown>;
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One API call through app.inject, answering the parsed envelope. */
export const call = async <T = Record<string, unknown>>(
  app: FastifyInstance,
  method: Method,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<ApiAnswer<T>> => {
  const response = await app.inject({
    method,
    url,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  return { status: response.statusCode, body: response.json() as Envelope<T>, headers: response.headers };
};

export type Session = { token: string; clientId: string; userId: string };

export const login = async (app: FastifyInstance, email: string, password: string): Promise<Session> => {
  const answer = await call<{ access_token: string; clientid: string; userid: string }>(
    app,
    'POST',
    '/api/v1/en/login',
    {
      body: { email, password },
    },
  );
  const data = answer.body.data[0];
  if (answer.status !== 200 || !data)
    throw new Error(`login of ${email} failed: ${JSON.stringify(answer.body)}`);
  return { token: data.access_token, clientId: data.clientid, userId: data.userid };
};

export const COMPANY_PASSWORD = 'Company#2026';

let companyCounter = 0;

/** Signs a new company up through the API and logs its owner in. */
export const signupCompany = async (
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<Session & { email: string; company: string }> => {
  companyCounter += 1;
  const suffix = `${Date.now().toString(36)}${companyCounter}${randomBytes(2).toString('hex')}`;
  const body = {
    company: `Company ${suffix}`,
    email: `owner-${suffix}@example.com`,
    country: 'CL',
    phone: '+56 9 1234 5678',
    timezone: 'America/Santiago',
    language: 'es',
    industry: 'retail',
    quantityemple: 3,
    nameuser: 'Owner Person',
    password: COMPANY_PASSWORD,
    ...overrides,
  };
  const answer = await call(app, 'POST', '/api/v1/en/signup', { body });
  if (answer.status !== 200) throw new Error(`signup failed: ${JSON.stringify(answer.body)}`);
  const session = await login(app, String(body.email), String(body.password));
  return { ...session, email: String(body.email), company: String(body.company) };
};
