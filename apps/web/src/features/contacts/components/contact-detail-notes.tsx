/** The contact's notes on its detail page: the same panel as beside its conversation. */
export { ContactNotes as ContactDetailNotes } from '../../chat/components/notes-panel';
