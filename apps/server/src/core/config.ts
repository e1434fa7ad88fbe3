import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { SERVER_ROOT } from './paths';
import type { S3StoreOptions } from './storage/s3-file-store';

export const DEFAULT_GRAPH_API_URL = 'https://graph.facebook.com/v23.0';
export const DEFAULT_TELEGRAM_API_URL = 'https://api.telegram.org';
export const DEFAULT_OPENAI_API_URL = 'https://api.openai.com/v1';
export const DEFAULT_DIALOGFLOW_API_URL = 'https://dialogflow.googleapis.com';
export const DEFAULT_GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const DEFAULT_FLOW_API_URL = 'https://www.flow.cl/api';
export const DEFAULT_PAYPAL_API_URL = 'https://api-m.paypal.com';
export const DEFAULT_REBILL_API_URL = 'https://api.rebill.com/v3';
export const DEFAULT_D360_API_URL = 'https://waba-v2.360dialog.io';
export const DEFAULT_TWILIO_API_URL = 'https://api.twilio.com';
export const DEFAULT_MAYTAPI_API_URL = 'https://api.maytapi.com/api';
export const DEFAULT_DENTALINK_API_URL = 'https://api.dentalink.healthatom.com/api/v1';
export const DEFAULT_MEDILINK_API_URL = 'https://api.medilink.healthatom.com/api/v1';
export const DEFAULT_MEDILINK_V5_API_URL = 'https://api.medilink2.healthatom.com/api/v5';
export const DEFAULT_DENTALSOFT_API_URL = 'https://api.dentalsoft.cl/external';
export const DEFAULT_CALENDLY_API_URL = 'https://api.calendly.com';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  // Without DATABASE_URL the server runs its own PostgreSQL under DATA_DIR.
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
  ),
  REDIS_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  // Without SMTP_URL mails are written to the log instead of sent, so a first run needs no mail server.
  SMTP_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  MAIL_FROM: z.string().default('Conversa <no-reply@conversa.test>'),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  MASTER_EMAIL: z.email().default('master@conversa.test'),
  MASTER_PASSWORD: z.string().min(8).default('Master#2026'),
  SECRET_KEY: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  CORS_ORIGINS: z.string().default(''),
  // The chat sign-in and chat iframe are embedded in customers' sites as a widget, so any site may frame us.
  FRAME_ANCESTORS: z.string().default('*'),
  WEB_DIST: z.preprocess(emptyAsUndefined, z.string().optional()),
  // Only behind a reverse proxy may X-Forwarded-For be believed; otherwise anyone could pick their address.
  TRUST_PROXY: booleanText.default(false),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  SEED_DEMO: booleanText.default(true),
  // Provider endpoints; tests point them at local fakes.
  GRAPH_API_URL: z.preprocess(emptyAsUndefined, z.url().default(DEFAULT_GRAPH_API_URL)),
  TELEGRAM_API_URL: z.preprocess(emptyAsUndefined, z.url().default(DEFAULT_TELEGRAM_API_URL)),
  // More WhatsApp providers (API.md part 3, "More channel providers"): 360dialog, Twilio, a QR gateway.
  D360_API_URL: z.preprocess(emptyAsUndefined, z.url().default(DEFAULT_D360_API_URL)),
  TWILIO_API_URL: z.preprocess(emptyAsUndefined, z.url().default(DEFAULT_TWILIO_API_URL)),
  MAYTAPI_API_URL: z.preprocess(emptyAsUndefined, z.url().default(DEFAULT_MAYTAPI_API_URL)),
  // Answer bots: any OpenAI-compatible chat-completions server, Dialogflow ES and Google's token URL.
  OPENAI_API_URL: z.preprocess(emptyAsUndefined, z.url().default(DEFAULT_OPENAI_API_URL)),
  DIALOGFLOW_API_URL: z.preprocess(emptyAsUndefined, z.url().default(DEFAULT_DIALOGFLOW_API_URL)),
  GOOGLE_TOKEN_URL: z.preprocess(emptyAsUndefined, z.url().default(DEFAULT_GOOGLE_TOKEN_URL)),
  // Zoho CRM: by default each company's data-centre accounts server and the api_domain Zoho answers.
  ZOHO_ACCOUNTS_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  ZOHO_API_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  // Payment providers (billing/): the platform's merchant accounts; a provider without credentials is not offered.
  FLOW_API_URL: z.preprocess(emptyAsUndefined, z.url().default(DEFAULT_FLOW_API_URL)),
  FLOW_API_KEY: z.string().default(''),
  FLOW_SECRET_KEY: z.string().default(''),
  PAYPAL_API_URL: z.preprocess(emptyAsUndefined, z.url().default(DEFAULT_PAYPAL_API_URL)),
  PAYPAL_CLIENT_ID: z.string().default(''),
  PAYPAL_CLIENT_SECRET: z.string().default(''),
  PAYPAL_WEBHOOK_ID: z.string().default(''),
  REBILL_API_URL: z.preprocess(emptyAsUndefined, z.url().default(DEFAULT_REBILL_API_URL)),
  REBILL_API_KEY: z.string().default(''),
  // Scheduling systems (API.md part 3 §1.1): the vendors' APIs; tests point them at fakes.
  DENTALINK_API_URL: z.preprocess(emptyAsUndefined, z.url().default(DEFAULT_DENTALINK_API_URL)),
  MEDILINK_API_URL: z.preprocess(emptyAsUndefined, z.url().default(DEFAULT_MEDILINK_API_URL)),
  MEDILINK_V5_API_URL: z.preprocess(emptyAsUndefined, z.url().default(DEFAULT_MEDILINK_V5_API_URL)),
  DENTALSOFT_API_URL: z.preprocess(emptyAsUndefined, z.url().default(DEFAULT_DENTALSOFT_API_URL)),
  CALENDLY_API_URL: z.preprocess(emptyAsUndefined, z.url().default(DEFAULT_CALENDLY_API_URL)),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
  // Hosts (`host` or `host:port`, comma separated) exempt from the public-address check of outside URLs.
  // For tests and local development only: it lets a fake provider's files be fetched from loopback.
  OUTBOUND_ALLOW_HOSTS: z.string().default(''),
  // Web Push (alerts while the app is closed): the VAPID key pair (web-push generate-vapid-keys) and a
  // mailto: or https: contact for the push services. Without both keys Web Push is off.
  VAPID_PUBLIC_KEY: z.string().default(''),
  VAPID_PRIVATE_KEY: z.string().default(''),
  VAPID_SUBJECT: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(mailto:|https:)/)
      .optional(),
  ),
  // Files in an S3-compatible bucket instead of DATA_DIR/storage: set S3_BUCKET (and the keys; S3_ENDPOINT
  // and S3_FORCE_PATH_STYLE for MinIO, R2 or another server than AWS).
  S3_BUCKET: z.string().default(''),
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url().optional()),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  S3_FORCE_PATH_STYLE: booleanText.default(false),
  // How long a claimed job belongs to its worker; a crashed worker's job is taken over after it.
  // Lets a scraper outside this machine read /metrics (loopback may always).
  METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
  JOB_LEASE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(5 * 60_000),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** A PostgreSQL server's URL; undefined runs the embedded server in dataDir. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  masterEmail: string;
  masterPassword: string;
  secretKey: string;
  corsOrigins: string[];
  frameAncestors: string[];
  webDist: string;
  trustProxy: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  seedDemo: boolean;
  graphApiUrl: string;
  telegramApiUrl: string;
  d360ApiUrl: string;
  twilioApiUrl: string;
  maytapiApiUrl: string;
  openaiApiUrl: string;
  dialogflowApiUrl: string;
  googleTokenUrl: string;
  /** Overrides every data centre's accounts server and the token answer's api_domain (tests' fake). */
  zohoAccountsUrl: string | undefined;
  zohoApiUrl: string | undefined;
  /** The payment providers' API bases and the platform's credentials ('' when not configured). */
  payments: {
    flow: { apiUrl: string; apiKey: string; secretKey: string };
    paypal: { apiUrl: string; clientId: string; clientSecret: string; webhookId: string };
    rebill: { apiUrl: string; apiKey: string };
  };
  /** Each provider call is abandoned after this long (AbortSignal.timeout). */
  /** The scheduling systems' API bases (API.md part 3 §1.1). */
  scheduling: {
    dentalinkApiUrl: string;
    medilinkApiUrl: string;
    medilinkV5ApiUrl: string;
    dentalsoftApiUrl: string;
    calendlyApiUrl: string;
  };
  providerTimeoutMs: number;
  /** Exempt from the public-address check of fetches of outside URLs (core/net/outbound-fetch.ts). */
  outboundAllowHosts: string[];
  jobLeaseMs: number;
  metricsToken: string | undefined;
  /** The S3-compatible bucket files are kept in; undefined keeps them under dataDir/storage. */
  s3: S3StoreOptions | undefined;
  /** Web Push's VAPID keys and contact; undefined when the keys are not configured (Web Push off). */
  vapid: { publicKey: string; privateKey: string; subject: string } | undefined;
};

const splitList = (value: string, separator: RegExp): string[] =>
  value
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);

/** The secret stays stable across restarts by living in the data folder when it is not given. */
const loadOrCreateSecret = (dataDir: string): string => {
  const file = resolve(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
};

/** Parses the environment once; an invalid value stops the start with a readable message. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const vars = parsed.data;
  // A send still waiting on its provider must not be taken over by another worker as if it had crashed.
  if (vars.JOB_LEASE_MS <= vars.PROVIDER_TIMEOUT_MS * 2) {
    throw new Error('Invalid configuration:\nJOB_LEASE_MS must be more than twice PROVIDER_TIMEOUT_MS');
  }
  const dataDir = resolve(process.cwd(), vars.DATA_DIR);
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    redisUrl: vars.REDIS_URL,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ''),
    masterEmail: vars.MASTER_EMAIL.toLowerCase(),
    masterPassword: vars.MASTER_PASSWORD,
    secretKey: vars.SECRET_KEY ?? loadOrCreateSecret(dataDir),
    corsOrigins: splitList(vars.CORS_ORIGINS, /,/),
    frameAncestors: splitList(vars.FRAME_ANCESTORS, /[\s,]+/),
    webDist: vars.WEB_DIST
      ? resolve(process.cwd(), vars.WEB_DIST)
      : resolve(SERVER_ROOT, '..', 'web', 'dist'),
    trustProxy: vars.TRUST_PROXY,
    logLevel: vars.LOG_LEVEL,
    seedDemo: vars.SEED_DEMO,
    graphApiUrl: vars.GRAPH_API_URL.replace(/\/+$/, ''),
    telegramApiUrl: vars.TELEGRAM_API_URL.replace(/\/+$/, ''),
    d360ApiUrl: vars.D360_API_URL.replace(/\/+$/, ''),
    twilioApiUrl: vars.TWILIO_API_URL.replace(/\/+$/, ''),
    maytapiApiUrl: vars.MAYTAPI_API_URL.replace(/\/+$/, ''),
    openaiApiUrl: vars.OPENAI_API_URL.replace(/\/+$/, ''),
    dialogflowApiUrl: vars.DIALOGFLOW_API_URL.replace(/\/+$/, ''),
    googleTokenUrl: vars.GOOGLE_TOKEN_URL,
    zohoAccountsUrl: vars.ZOHO_ACCOUNTS_URL?.replace(/\/+$/, ''),
    zohoApiUrl: vars.ZOHO_API_URL?.replace(/\/+$/, ''),
    payments: {
      flow: {
        apiUrl: vars.FLOW_API_URL.replace(/\/+$/, ''),
        apiKey: vars.FLOW_API_KEY,
        secretKey: vars.FLOW_SECRET_KEY,
      },
      paypal: {
        apiUrl: vars.PAYPAL_API_URL.replace(/\/+$/, ''),
        clientId: vars.PAYPAL_CLIENT_ID,
        clientSecret: vars.PAYPAL_CLIENT_SECRET,
        webhookId: vars.PAYPAL_WEBHOOK_ID,
      },
      rebill: { apiUrl: vars.REBILL_API_URL.replace(/\/+$/, ''), apiKey: vars.REBILL_API_KEY },
    },
    scheduling: {
      dentalinkApiUrl: vars.DENTALINK_API_URL.replace(/\/+$/, ''),
      medilinkApiUrl: vars.MEDILINK_API_URL.replace(/\/+$/, ''),
      medilinkV5ApiUrl: vars.MEDILINK_V5_API_URL.replace(/\/+$/, ''),
      dentalsoftApiUrl: vars.DENTALSOFT_API_URL.replace(/\/+$/, ''),
      calendlyApiUrl: vars.CALENDLY_API_URL.replace(/\/+$/, ''),
    },
    providerTimeoutMs: vars.PROVIDER_TIMEOUT_MS,
    outboundAllowHosts: splitList(vars.OUTBOUND_ALLOW_HOSTS, /,/),
    jobLeaseMs: vars.JOB_LEASE_MS,
    metricsToken: vars.METRICS_TOKEN,
    s3: vars.S3_BUCKET
      ? {
          bucket: vars.S3_BUCKET,
          region: vars.S3_REGION,
          endpoint: vars.S3_ENDPOINT,
          accessKeyId: vars.S3_ACCESS_KEY_ID,
          secretAccessKey: vars.S3_SECRET_ACCESS_KEY,
          forcePathStyle: vars.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    vapid:
      vars.VAPID_PUBLIC_KEY && vars.VAPID_PRIVATE_KEY
        ? {
            publicKey: vars.VAPID_PUBLIC_KEY,
            privateKey: vars.VAPID_PRIVATE_KEY,
            subject: vars.VAPID_SUBJECT ?? `mailto:${vars.MASTER_EMAIL.toLowerCase()}`,
          }
        : undefined,
  };
};
