import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FieldError, Locale } from '@conversa/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { type MessageKey, translate, translateMessage } from '../i18n/i18n';
import { AppError } from './app-error';
import { envelope } from './envelope';

const STATUS_INFO: Record<number, MessageKey> = {
  400: 'info.invalidData',
  401: 'info.invalidToken',
  403: 'info.forbidden',
  404: 'info.notFound',
  409: 'info.duplicate',
  412: 'info.preconditionFailed',
  413: 'info.fileMax10mb',
  429: 'info.tooManyRequests',
};

/** @fastify/multipart's 413s for a form with more fields, files or parts than its limits allow. */
const PART_LIMIT_CODES = new Set(['FST_FIELDS_LIMIT', 'FST_FILES_LIMIT', 'FST_PARTS_LIMIT']);

const pathOf = (segments: readonly PropertyKey[]): string => segments.map(String).join('.');

/**
 * One error per field a person can fix. A key a strict body does not accept is named itself (`update.foo`),
 * not the object that holds it.
 */
const fieldErrors = (
  locale: Locale,
  segments: readonly PropertyKey[],
  message: string,
  unexpectedKeys: unknown,
): FieldError[] =>
  Array.isArray(unexpectedKeys) && unexpectedKeys.length > 0
    ? unexpectedKeys.map((key) => ({
        path: pathOf([...segments, String(key)]),
        message: translate(locale, 'validation.unexpectedField'),
      }))
    : [{ path: pathOf(segments), message: translateMessage(locale, message) }];

const statusOf = (error: FastifyError): number => {
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
};

/** Paths the web app never owns: their misses stay JSON envelopes. */
const isServerPath = (url: string): boolean => /^\/(api|socket\.io|webhooks)(\/|$|\?)/.test(url);

/** A request for a page of the single-page app rather than for a file or an API resource. */
const isPageRequest = (request: FastifyRequest): boolean => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (isServerPath(path)) return false;
  const last = path.split('/').at(-1) ?? '';
  return !last.includes('.');
};

/** Every answer, error or miss, leaves as the envelope with a localized `info`. */
export const registerErrorHandling = (app: FastifyInstance, webDist: string | undefined) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = request.locale;
    if (error instanceof AppError) {
      const errors: FieldError[] | undefined = error.errors?.map((item) => ({
        path: item.path,
        message: translate(locale, item.message, error.params),
      }));
      return reply
        .status(error.status)
        .headers(error.headers ?? {})
        .send(
          envelope(error.status, translate(locale, error.info, error.params), [], errors ? { errors } : {}),
        );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.flatMap((item) =>
        fieldErrors(
          locale,
          item.instancePath.replace(/^\//, '').split('/').filter(Boolean),
          item.message ?? '',
          item.keyword === 'unrecognized_keys' ? item.params.keys : undefined,
        ),
      );
      return reply.status(400).send(envelope(400, translate(locale, 'info.invalidData'), [], { errors }));
    }
    if (error instanceof ZodError) {
      const errors = error.issues.flatMap((item) =>
        fieldErrors(
          locale,
          item.path,
          item.message,
          item.code === 'unrecognized_keys' ? item.keys : undefined,
        ),
      );
      return reply.status(400).send(envelope(400, translate(locale, 'info.invalidData'), [], { errors }));
    }
    const status = statusOf(error);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(envelope(500, translate(locale, 'info.serverError')));
    }
    const info = PART_LIMIT_CODES.has(error.code)
      ? 'info.tooManyParts'
      : (STATUS_INFO[status] ?? 'info.invalidData');
    return reply.status(status).send(envelope(status, translate(locale, info)));
  });

  const indexHtml = webDist ? join(webDist, 'index.html') : undefined;
  const hasWebApp = indexHtml !== undefined && existsSync(indexHtml);

  app.setNotFoundHandler((request, reply) => {
    // Deep links of the web app (/app/…, /signin) are served its index.html; its router shows its own 404.
    if (hasWebApp && isPageRequest(request)) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.status(404).send(envelope(404, translate(request.locale, 'info.notFound')));
  });
};
