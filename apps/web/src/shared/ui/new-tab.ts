/**
 * What opens in a new tab, one rule for the whole app (spec section 2): a link to a detail page in a table
 * cell, a pop-up's 'Ver más' link and links that leave the app (a message's link or attachment, a
 * provider's guide). Everything else (the sidebar, buttons, in-app navigation) opens in place. The opened
 * page gets no handle on this one (noopener) nor its address (noreferrer).
 */
export const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;
