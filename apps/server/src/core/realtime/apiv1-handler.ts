import type { Envelope } from '@conversa/domain';
import type { AuthContext } from '../http/fastify-types';

/** What a client emits as `Apiv1`: a REST-like call over the socket, answered through the ack. */
export type Apiv1Request = {
  token?: string;
  action?: string;
  locale?: string;
  resource?: string;
  operation?: string;
  payload?: unknown;
};

export type Apiv1Operation = (auth: AuthContext, request: Apiv1Request) => Promise<Envelope>;

/** Resource → operation → handler; modules add theirs here (messages: `msg` list and updateone). */
export type Apiv1Registry = Record<string, Record<string, Apiv1Operation>>;

export const createApiv1Handler =
  (registry: Apiv1Registry) =>
  async (auth: AuthContext, request: Apiv1Request): Promise<Envelope> => {
    const operation =
      request.resource && request.operation ? registry[request.resource]?.[request.operation] : undefined;
    if (!operation) return { status_codes: 404, data: [], info: 'Not found' };
    return operation(auth, request);
  };
