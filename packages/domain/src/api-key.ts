/**
 * Company API keys (issue 17, crmx2): what an outside system may do through the public API with a key.
 * A scope is `<module>.<read|write>`; a key holds at least one.
 */
export const API_KEY_SCOPES = ['contacts.read', 'contacts.write', 'leads.read', 'leads.write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
