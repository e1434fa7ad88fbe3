import type { Message } from '@conversa/domain';

const keyOf = (deviceId: string | null, providerId: string) => `${deviceId ?? ''}:${providerId}`;

/**
 * A conversation's reactions placed on the messages they react to: `reactionsOf` by message id (a
 * reaction taken back is gone), and `shown`, the rows to draw, without the reactions. A reaction to a
 * message the server does not have (its quote has no id) stays a row of its own, so it is never lost; one
 * to a message not loaded yet waits for that message's page.
 */
export const reactionsByMessage = (
  ordered: readonly Message[],
): { reactionsOf: Map<string, Message[]>; shown: Message[] } => {
  const reactionsOf = new Map<string, Message[]>();
  const hasReactions = ordered.some((message) => message.type === 'reaction');
  if (!hasReactions) return { reactionsOf, shown: [...ordered] };
  const loaded = new Set<string>();
  const byProviderId = new Map<string, string>();
  for (const message of ordered) {
    if (message.type === 'reaction') continue;
    loaded.add(message.id);
    if (message.message_id) byProviderId.set(keyOf(message.device_id, message.message_id), message.id);
  }
  const shown: Message[] = [];
  for (const message of ordered) {
    if (message.type !== 'reaction') {
      shown.push(message);
      continue;
    }
    if (message.deleted) continue;
    const quoted = message.quoted;
    const target =
      quoted?.id || (quoted ? byProviderId.get(keyOf(message.device_id, quoted.message_id)) : undefined);
    if (target && loaded.has(target)) {
      reactionsOf.set(target, [...(reactionsOf.get(target) ?? []), message]);
    } else if (!target) {
      shown.push(message);
    }
  }
  return { reactionsOf, shown };
};
