type FrameWindow = { self: unknown; top: { location: { href: string } } | null };

/**
 * Whether the app runs inside a frame of another origin (the embedded chat widget). Reading the top
 * window's URL throws a SecurityError exactly when the origins differ.
 */
export const isInCrossOriginFrame = (win: FrameWindow = window as unknown as FrameWindow): boolean => {
  if (win.top === null || win.self === win.top) return false;
  try {
    void win.top.location.href;
    return false;
  } catch {
    return true;
  }
};
