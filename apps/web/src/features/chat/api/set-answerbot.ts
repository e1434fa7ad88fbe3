import type { Contact } from '@conversa/domain';
import { api, firstOf } from '../../../shared/api-client';
import { useOptimisticContactMutation } from './optimistic-contact';

export type AnswerbotInput = { id: string; answerbot: boolean };

export const setAnswerbot = async ({ id, answerbot }: AnswerbotInput): Promise<Contact> =>
  firstOf(await api.request<Contact>(`contact/bot/${id}`, { method: 'POST', body: { answerbot } }));

export const useSetAnswerbot = () =>
  useOptimisticContactMutation(setAnswerbot, (contact, input) => ({
    ...contact,
    answerbot: input.answerbot,
  }));
