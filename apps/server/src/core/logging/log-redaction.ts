import type { PinoLoggerOptions } from 'fastify/types/logger';

/** What replaces a secret in the log. */
export const REDACTED = '[redacted]';

/** Field names whose value never reaches the log, compared without case, dashes or underscores. */
const SECRET_NAME_PARTS = [
  'password',
  'secret',
  'token',
  'authorization',
  'cookie',
  'apikey',
  'totp',
  'recovery',
  'signature',
  'challenge',
];
/** Exact names: hashes, and the bound values of a query (a failed insert's params hold what it inserted). */
const SECRET_NAMES = new Set(['hash', 'params', 'parameters', 'values']);

const normalize = (key: string) => key.toLowerCase().replace(/[-_\s]/g, '');

export const isSecretField = (key: string): boolean => {
  const name = normalize(key);
  return SECRET_NAMES.has(name) || SECRET_NAME_PARTS.some((part) => name.includes(part));
};

/**
 * Drizzle writes a failed query's bound values into its message (`Failed query: …\nparams: …`), and that
 * message starts the stack too: the values are cut, up to the stack's first frame.
 */
const scrubText = (text: string): string =>
  text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/g, `\nparams: ${REDACTED}`);

/**
 * PostgreSQL's detail quotes the row or key values (`Key (email)=(…)`, `Failing row contains (…)`), which
 * can be a password hash or a token hash: the values are cut, the column names kept.
 */
const scrubDetail = (text: string): string =>
  text.replace(/=\([\s\S]*$/, `=(${REDACTED})`).replace(/contains \([\s\S]*$/, `contains (${REDACTED})`);

const MAX_DEPTH = 8;

const isPlainObject = (value: object): boolean => {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

const redactEntries = (
  source: object,
  depth: number,
  seen: WeakSet<object>,
  skip?: string,
): Record<string, unknown> => {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === skip) continue;
    if (isSecretField(key)) copy[key] = REDACTED;
    else if (key === 'detail' && typeof value === 'string') copy[key] = scrubDetail(value);
    else copy[key] = redactValue(value, depth + 1, seen);
  }
  return copy;
};

/** An error as the log shows it: type, message, stack, its own fields and its cause, all redacted. */
const redactError = (error: Error, depth: number, seen: WeakSet<object>): Record<string, unknown> => ({
  type: error.constructor?.name ?? error.name,
  message: scrubText(error.message),
  ...(error.stack ? { stack: scrubText(error.stack) } : {}),
  ...redactEntries(error, depth, seen, 'cause'),
  ...(error.cause !== undefined ? { cause: redactValue(error.cause, depth + 1, seen) } : {}),
});

/**
 * A copy of a logged value with secrets removed by field name at any depth, errors included (their fields,
 * their causes, a driver error's detail). Only plain data is walked: framework objects such as a request or
 * a reply are left to their own serializers, which never write headers or bodies.
 */
export const redactValue = (value: unknown, depth = 0, seen = new WeakSet<object>()): unknown => {
  if (typeof value === 'string') return scrubText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return '[circular]';
  if (depth > MAX_DEPTH) return '[too deep]';
  seen.add(value);
  if (value instanceof Error) return redactError(value, depth, seen);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1, seen));
  return isPlainObject(value) ? redactEntries(value, depth, seen) : value;
};

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/** The `err` of a log line, in the shape pino's error serializer gives, redacted. */
const serializeError = (value: unknown): SerializedError => {
  const shown = redactValue(value);
  if (typeof shown !== 'object' || shown === null || Array.isArray(shown)) {
    return { type: typeof value, message: String(shown), stack: '' };
  }
  const record = shown as Record<string, unknown>;
  return {
    ...record,
    type: String(record.type ?? 'Error'),
    message: String(record.message ?? ''),
    stack: String(record.stack ?? ''),
  };
};

/**
 * Pino options for the app's logger: every argument of every log call is redacted before pino sees it, so
 * the message taken from a logged error is scrubbed too, and `err` keeps the redacted form.
 */
export const redactingLoggerOptions = {
  hooks: {
    logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
      const [first, ...rest] = args;
      if (first instanceof Error) {
        const message = typeof rest[0] === 'string' ? rest[0] : first.message;
        method.apply(this, [
          { err: redactValue(first) },
          scrubText(message),
          ...rest.slice(1).map((arg) => redactValue(arg)),
        ]);
        return;
      }
      method.apply(
        this,
        args.map((arg) => redactValue(arg)),
      );
    },
  },
  serializers: {
    err: serializeError,
  },
} satisfies PinoLoggerOptions;
