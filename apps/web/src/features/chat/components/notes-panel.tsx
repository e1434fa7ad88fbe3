import { NotesPanel } from '../../../shared/records/record-notes';
import { useChangeContactNote } from '../api/create-note';
import { notesQueryKey, useNotes } from '../api/get-notes';

/** A contact's notes, beside its conversation and on its detail: the records' notes panel, found by the contact. */
export const ContactNotes = ({ contactId }: { contactId: string }) => {
  const notes = useNotes(contactId);
  const change = useChangeContactNote(contactId);
  return (
    <NotesPanel
      source={{ notes, change, queryKey: notesQueryKey(contactId), recordId: contactId, field: 'contact_id' }}
    />
  );
};
