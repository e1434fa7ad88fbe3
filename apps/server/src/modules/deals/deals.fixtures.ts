import type { Pipeline } from '@conversa/domain';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { newPhone } from '../../test/messaging-fixtures';
import { call, type Session } from '../../test/test-app';

export type DealAnswer = {
  id: string;
  numdeal: number;
  pipeline_id: string;
  pipeline_stage_id: string;
  position: number;
  stage: string;
  amount: number;
  [key: string]: unknown;
};

export const pipelinesOf = async (app: FastifyInstance, session: Session): Promise<Pipeline[]> => {
  const answer = await call<Pipeline>(app, 'POST', '/api/v1/en/pipeline/search', {
    token: session.token,
    body: {},
  });
  expect(answer.status).toBe(200);
  return answer.body.data;
};

export const createPipeline = async (
  app: FastifyInstance,
  session: Session,
  name: string,
  stages: string[],
): Promise<Pipeline> => {
  const answer = await call<Pipeline>(app, 'POST', '/api/v1/en/pipeline/create', {
    token: session.token,
    body: { name, stages: stages.map((stage) => ({ name: stage })) },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data[0] as Pipeline;
};

export const createDeal = async (
  app: FastifyInstance,
  session: Session,
  body: Record<string, unknown>,
): Promise<DealAnswer> => {
  const answer = await call<DealAnswer>(app, 'POST', '/api/v1/en/deal/create', {
    token: session.token,
    body,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data[0] as DealAnswer;
};

export const createContact = async (app: FastifyInstance, session: Session, name: string) => {
  const answer = await call<{ id: string }>(app, 'POST', '/api/v1/en/contact/create', {
    token: session.token,
    body: { name, phone: newPhone() },
  });
  expect(answer.status).toBe(200);
  return answer.body.data[0]?.id ?? '';
};
