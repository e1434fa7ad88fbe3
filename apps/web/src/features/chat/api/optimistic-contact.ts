import type { Contact } from '@conversa/domain';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useAccount } from '../../../shared/account/use-account';
import { CHAT_LISTS_KEY, contactKeyOf, findChat, patchChats, upsertChat, type Viewer } from '../chat-cache';

type Snapshot = { contact: Contact | undefined };

/**
 * A conversation action shown at once (taking, releasing, transferring, the bot switch): the change is
 * applied to every cached copy, replaced by the server's record, and rolled back if the server refuses.
 */
export const useOptimisticContactMutation = <Input extends { id: string }>(
  call: (input: Input) => Promise<Contact>,
  apply: (contact: Contact, input: Input, viewer: Viewer) => Contact,
  /** Runs once the server has agreed, even when the control that started it is gone by then. */
  onDone?: (contact: Contact, input: Input) => void,
) => {
  const queryClient = useQueryClient();
  const { user } = useAccount();
  const viewer: Viewer = { userId: user.id, fixed: user.fixed };
  return useMutation({
    mutationFn: call,
    onMutate: async (input): Promise<Snapshot> => {
      await queryClient.cancelQueries({ queryKey: contactKeyOf(input.id) });
      const contact = findChat(queryClient, input.id);
      patchChats(queryClient, [input.id], (current) => apply(current, input, viewer));
      return { contact };
    },
    onError: (_error, input, snapshot) => restore(queryClient, input.id, snapshot, viewer),
    onSuccess: (contact, input) => {
      upsertChat(queryClient, contact, viewer);
      onDone?.(contact, input);
    },
  });
};

const restore = (queryClient: QueryClient, id: string, snapshot: Snapshot | undefined, viewer: Viewer) => {
  if (snapshot?.contact) upsertChat(queryClient, snapshot.contact, viewer);
  else void queryClient.invalidateQueries({ queryKey: CHAT_LISTS_KEY });
  void queryClient.invalidateQueries({ queryKey: contactKeyOf(id) });
};
