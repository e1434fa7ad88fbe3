import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { SchedulingCallError } from '../scheduling-adapter';
import { followPages, readAnswer, type SchedulingHttp } from '../scheduling-http';
import { uuidOf } from './calendly-invitee';

const PROVIDER = 'Calendly';
const CALENDLY_WEBHOOK_EVENTS = ['invitee.created', 'invitee.canceled'] as const;

const subscriptionPageSchema = z.object({
  collection: z.array(z.looseObject({ uri: z.string(), callback_url: z.string() })),
  pagination: z.looseObject({ next_page: z.string().nullish() }).nullish(),
});

/** The user's own user and organization URIs (`GET /users/me`). */
export type CalendlyUser = { uri: string; name: string; organization: string };

/** 32 random bytes as base64url: 43 characters, more than the 32 API.md part 3 §1.1 asks for. */
const newSigningKey = () => randomBytes(32).toString('base64url');

/**
 * Makes sure Calendly calls `callbackUrl` for the user's invitees, signed with a key of ours, and answers
 * that key (API.md part 3 §1.1). Calendly never shows a subscription's key again, so one that already
 * exists for the URL (409) is deleted and created anew with a fresh key.
 */
export const subscribeToInvitees = async (
  http: SchedulingHttp,
  user: CalendlyUser,
  callbackUrl: string,
): Promise<string> => {
  const signingKey = newSigningKey();
  const create = (accept: number[]) =>
    http('/webhook_subscriptions', {
      method: 'POST',
      json: {
        url: callbackUrl,
        events: CALENDLY_WEBHOOK_EVENTS,
        organization: user.organization,
        user: user.uri,
        scope: 'user',
        signing_key: signingKey,
      },
      accept,
    });
  if ((await create([409])).status !== 409) return signingKey;

  const query = new URLSearchParams({ organization: user.organization, scope: 'user', user: user.uri });
  const subscriptions = await followPages(`/webhook_subscriptions?${query.toString()}`, async (target) => {
    const page = readAnswer(subscriptionPageSchema, (await http(target)).json, PROVIDER, 'subscription list');
    return { items: page.collection, next: page.pagination?.next_page };
  });
  const existing = subscriptions.find((subscription) => subscription.callback_url === callbackUrl);
  if (!existing) {
    throw new SchedulingCallError('Calendly has a subscription for this URL that the user cannot see', false);
  }
  await http(`/webhook_subscriptions/${encodeURIComponent(uuidOf(existing.uri))}`, { method: 'DELETE' });
  await create([]);
  return signingKey;
};
