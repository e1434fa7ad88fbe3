import type { Task } from '@conversa/domain';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { hashPassword } from '../../core/auth/passwords';
import { newPhone } from '../../test/messaging-fixtures';
import { call, login, type Session } from '../../test/test-app';
import { createUsersRepository } from '../users/users.repository';

const STAFF_PASSWORD = 'Task#Pass2026';
let counter = 0;

/** A staff user of the company with these keys, signed in. */
export const staffUser = async (
  app: FastifyInstance,
  clientId: string,
  name: string,
  access: string[],
  language = 'es',
): Promise<Session & { email: string }> => {
  counter += 1;
  const email = `task-${Date.now().toString(36)}-${counter}@example.com`;
  await createUsersRepository(app.database.db).insert(clientId, {
    name,
    email,
    password_hash: await hashPassword(STAFF_PASSWORD),
    account: 'user',
    access,
    language,
  });
  return { ...(await login(app, email, STAFF_PASSWORD)), email };
};

export const TASK_KEYS = ['task.view', 'task.create', 'task.edit', 'task.delete', 'task.bulkupdate'];

export const createContact = async (app: FastifyInstance, token: string, name = 'Task Contact') => {
  const answer = await call<{ id: string }>(app, 'POST', '/api/v1/en/contact/create', {
    token,
    body: { name, phone: newPhone() },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data[0]?.id ?? '';
};

export const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** Creates a task through the API and answers it (the status is checked). */
export const createTask = async (
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown>,
): Promise<Task> => {
  const answer = await call<Task>(app, 'POST', '/api/v1/en/task/create', { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data[0] as Task;
};
