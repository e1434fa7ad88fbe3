/** The gap left between deals placed at a column's end or top, so later drops fit between them. */
const STEP = 1000;

/**
 * A deal's `position` for the place it was dropped: halfway between the deals now above and below it,
 * a step past the last one, a step before the first one, or the first step in an empty column.
 */
export const positionBetween = (above: number | undefined, below: number | undefined): number => {
  if (above !== undefined && below !== undefined) return (above + below) / 2;
  if (above !== undefined) return above + STEP;
  if (below !== undefined) return below - STEP;
  return STEP;
};
