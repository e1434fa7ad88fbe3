/**
 * Who may write in a conversation (spec section 4): the user needs the answer flag, the device must be
 * connected, and the conversation must be assigned to the user (not to the bot, not to nobody, not to
 * someone else). The web shows the state's placeholder; the server refuses with the same text.
 */
export type ComposerState = 'noPermission' | 'deviceInactive' | 'mustTake' | 'takenByOther' | 'ready';

export type ComposerSubject = {
  userId: string;
  canAnswer: boolean;
  isDeviceConnected: boolean;
  /** The assignee's user id, '' when nobody holds the conversation. */
  derivedto: string;
  answerbot: boolean;
};

export const composerState = (subject: ComposerSubject): ComposerState => {
  if (!subject.canAnswer) return 'noPermission';
  if (!subject.isDeviceConnected) return 'deviceInactive';
  if (subject.answerbot || subject.derivedto === '') return 'mustTake';
  if (subject.derivedto !== subject.userId) return 'takenByOther';
  return 'ready';
};

/** i18n keys of the composer placeholders, one per state. */
export const COMPOSER_PLACEHOLDERS: Record<ComposerState, string> = {
  noPermission: 'chat.composer.noPermission',
  deviceInactive: 'chat.composer.deviceInactive',
  mustTake: 'chat.composer.mustTake',
  takenByOther: 'chat.composer.takenByOther',
  ready: 'chat.composer.ready',
};
