import type { Pagination } from './search';

export type FieldError = { path: string; message: string };

/** Every JSON answer of the API, success or error; the HTTP status equals status_codes. */
export type Envelope<T = unknown> = {
  status_codes: number;
  data: T[];
  pagination?: Pagination;
  info: string;
  errors?: FieldError[];
};

/** The exact info of a 401 for an expired or revoked token: the web clears the session on it. */
export const EXPIRED_TOKEN = 'Expired Token';
