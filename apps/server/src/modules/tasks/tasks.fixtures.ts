import type { Task } from '@conversa/domain';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { newPhone } from '../../test/messaging-fixtures';
import { call } from '../../test/test-app';

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
