/**
 * The room a page leaves at its foot for the floating buttons' stack: the bell (48 px) stands 96 px up,
 * above the chat button; 8 px to spare. The layout pads pages by it; a full-height board ends above it.
 */
export const FLOATING_BUTTONS_CLEARANCE = 152;
