import type { MessageKey } from '../i18n/i18n';

/** A field problem; `message` is a message key, translated into the request's locale when answered. */
export type FieldIssue = { path: string; message: MessageKey };

/** An expected failure a service raises; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly status: number;
  readonly info: MessageKey;
  readonly errors: FieldIssue[] | undefined;
  /**
   * Values of the `{name}` placeholders of `info` and of the errors' messages (the device's name in
   * 'device not active', a file's limit).
   */
  readonly params: Record<string, string> | undefined;
  /** Headers the answer carries besides the envelope (Retry-After of a 429). */
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: number,
    info: MessageKey,
    errors?: FieldIssue[],
    params?: Record<string, string>,
    headers?: Record<string, string>,
  ) {
    super(info);
    this.params = params;
    this.headers = headers;
    this.name = 'AppError';
    this.status = status;
    this.info = info;
    this.errors = errors;
  }
}

export const badRequest = (errors: FieldIssue[], params?: Record<string, string>) =>
  new AppError(400, 'info.invalidData', errors, params);
export const unauthorized = (info: MessageKey = 'info.invalidToken') => new AppError(401, info);
export const forbidden = () => new AppError(403, 'info.forbidden');
export const notFound = () => new AppError(404, 'info.notFound');
export const conflict = (info: MessageKey, path: string) =>
  new AppError(409, info, [{ path, message: info }]);
export const preconditionFailed = (info: MessageKey) => new AppError(412, info);
/** 429 telling the caller how many seconds to wait, in the text and in Retry-After. */
export const tooManyAttempts = (retryAfterMs: number, info: MessageKey = 'info.tooManyAttempts') => {
  const seconds = String(Math.max(1, Math.ceil(retryAfterMs / 1000)));
  return new AppError(429, info, undefined, { seconds }, { 'retry-after': seconds });
};
