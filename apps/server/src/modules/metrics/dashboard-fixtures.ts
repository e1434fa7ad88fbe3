import type { DashboardAdvanced, DashboardMain } from '@conversa/domain';
import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import { contactByPhone, deliver, newPhone, type SandboxDevice } from '../../test/messaging-fixtures';
import { type ApiAnswer, call, type Session } from '../../test/test-app';

/** The app's clock (every event's moment is read from it) stopped at an instant. */
export const clockAt = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
};

/** An instant `seconds` after another, as ISO. */
export const plus = (iso: string, seconds: number) =>
  new Date(Date.parse(iso) + seconds * 1000).toISOString();

/** The UTC calendar day `days` from today (negative: before). */
export const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const askDashboard = <T = DashboardMain>(
  app: FastifyInstance,
  session: Session,
  body: Record<string, unknown>,
  which: 'main' | 'advanced' = 'main',
): Promise<ApiAnswer<T>> =>
  call<T>(app, 'POST', `/api/v1/en/dashboard/${which}`, { token: session.token, body });

export const mainOf = async (app: FastifyInstance, session: Session, body: Record<string, unknown>) => {
  const answer = await askDashboard(app, session, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data[0] as DashboardMain;
};

export const advancedOf = async (app: FastifyInstance, session: Session, body: Record<string, unknown>) => {
  const answer = await askDashboard<DashboardAdvanced>(app, session, body, 'advanced');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data[0] as DashboardAdvanced;
};

/** A customer writes from a new phone; answers the conversation's contact id. */
export const customerWrites = async (
  app: FastifyInstance,
  session: Session,
  device: SandboxDevice,
  phone = newPhone(),
) => {
  const answer = await deliver(app, device, { phone });
  expect(answer.status).toBe(200);
  return (await contactByPhone(app, session.token, phone)).id;
};

export const post = async (app: FastifyInstance, session: Session, url: string, body?: unknown) => {
  const answer = await call(app, 'POST', `/api/v1/en/${url}`, {
    token: session.token,
    ...(body === undefined ? {} : { body }),
  });
  expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer;
};

/** A person types a message in the chat. */
export const reply = (app: FastifyInstance, session: Session, device: SandboxDevice, contactId: string) =>
  post(app, session, 'message/create', {
    type: 'chat',
    body: 'Hola, ¿en qué te ayudo?',
    device_id: device.id,
    contact_id: contactId,
  });
