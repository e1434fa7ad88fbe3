import { storage } from '../../shared/storage';

/**
 * Which conversation the chat page shows right now, for the realtime handler (a new message there is read
 * at once) and for the page itself. One value for the whole app: there is one chat page at a time.
 */
let openContactId: string | null = null;

export const setOpenConversation = (id: string | null): void => {
  openContactId = id;
};

export const getOpenConversation = (): string | null => openContactId;

/** The hand-off key: the expand button and a toast store the contact here, the chat page opens it. */
export const PENDING_CONTACT_KEY = 'chat.contact_id';

export const storePendingContact = (id: string): void => storage.setItem(PENDING_CONTACT_KEY, id);

export const takePendingContact = (): string | null => {
  const id = storage.getItem(PENDING_CONTACT_KEY);
  if (id) storage.removeItem(PENDING_CONTACT_KEY);
  return id;
};
