import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type NoteChange, sendNoteChange } from '../../../shared/records/api/record-notes';
import { notesQueryKey } from './get-notes';

/** Adds, edits or deletes one of the contact's notes; the list is read again after. */
export const useChangeContactNote = (contactId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: NoteChange) =>
      sendNoteChange({ contact_id: contactId, module: 'contact', reference_id: contactId }, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesQueryKey(contactId) }),
  });
};
