import { USER_NAME_MAX_CHARS } from './constants';

/** A name longer than the limit is cut and ends with an ellipsis, as in the header's user menu. */
export const truncateName = (name: string, max: number = USER_NAME_MAX_CHARS): string =>
  name.length > max ? `${name.slice(0, max)}…` : name;

/** Initials come from the first letters of the first two words of the name. */
export const initialsOf = (name: string): string =>
  name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');

/** The new-contact rule: the first word becomes first_name, the second last_name. */
export const splitFullName = (name: string): { first_name: string; last_name: string; full_name: string } => {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return { first_name: words[0] ?? '', last_name: words[1] ?? '', full_name: words.join(' ') };
};

/**
 * The initials an avatar shows: the user's own choice, else those of the name. Here rather than in user.ts,
 * whose schemas would bring the validation library into the app shell that shows the avatar.
 */
export const avatarInitialsOf = (user: { name: string; initials: string }): string =>
  user.initials || initialsOf(user.name);

/**
 * How a contact is named on a card or a page: its name, else its number. A reader who may not read contacts
 * gets a deal's contact without its phone, so a nameless one is then named by nothing rather than "+undefined".
 */
export const contactLabel = (contact: { full_name: string; phone?: string }): string =>
  contact.full_name || (contact.phone ? `+${contact.phone}` : '');
