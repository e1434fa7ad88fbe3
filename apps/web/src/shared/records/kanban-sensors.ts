import {
  type ClientRect,
  type DroppableContainer,
  MouseSensor,
  type MouseSensorOptions,
  type SensorContext,
  type SensorProps,
  TouchSensor,
  type TouchSensorOptions,
  type Translate,
} from '@dnd-kit/core';
import type { MutableRefObject } from 'react';

/**
 * dnd-kit learns where a carried card is while React renders: the collisions in one render, the place the card
 * is `over` in an effect and a second render. A drop reads the answer of the last of those renders, so on a busy
 * machine a card let go right after its last move (or right after an arrow key) was dropped where it had been a
 * frame or two before — most often its own column, and the move did not register (issue #29 item 8). The
 * board's sensors settle the drop at the moment it happens instead: `over` becomes the place the card was let
 * go on, read from the page itself.
 */
export const settleDrop = (
  context: MutableRefObject<SensorContext>,
  place: Element | null | undefined,
  translate?: Translate,
): void => {
  const current = context.current;
  const container = place
    ? current.droppableContainers.getEnabled().find((candidate) => candidate.node.current === place)
    : undefined;
  const active = current.active;
  const initial = active?.rect.current.initial;
  if (active && initial && translate) {
    // Where the carried card stands now (a board whose columns keep an order places it by its middle).
    active.rect.current = { initial, translated: shifted(initial, translate) };
  }
  if (container) context.current = { ...current, over: overOf(container) };
};

const shifted = (rect: ClientRect, { x, y }: Translate): ClientRect => ({
  width: rect.width,
  height: rect.height,
  top: rect.top + y,
  bottom: rect.bottom + y,
  left: rect.left + x,
  right: rect.right + x,
});

const overOf = (container: DroppableContainer) => ({
  id: container.id,
  // A place the board has not measured yet (a drop in the first frame of a drag) is measured now.
  rect: container.rect.current ?? (container.node.current as HTMLElement).getBoundingClientRect(),
  data: container.data,
  disabled: container.disabled,
});

/**
 * The place a pointer was let go on: the topmost droppable under it (a drop place shown over the board's foot
 * before the column beneath it, as in `columnCollision`). None between two columns: dnd-kit's answer stands.
 */
const placeAt = (context: MutableRefObject<SensorContext>, point: Translate): Element | undefined => {
  const nodes = new Set(
    context.current.droppableContainers.getEnabled().map((container) => container.node.current),
  );
  const document = context.current.activeNode?.ownerDocument ?? globalThis.document;
  // jsdom has no hit testing.
  const stack =
    typeof document.elementsFromPoint === 'function' ? document.elementsFromPoint(point.x, point.y) : [];
  return stack.find((element) => nodes.has(element as HTMLElement));
};

/**
 * A pointer sensor's callbacks, with the drop settled where the pointer was let go: the last point it moved to
 * (a release is where the last move left it), against the page as it is at that moment.
 */
const settledOnRelease = <T>(props: SensorProps<T>): SensorProps<T> => {
  let start: Translate | undefined;
  let last: Translate | undefined;
  return {
    ...props,
    onStart: (coordinates) => {
      start = coordinates;
      props.onStart(coordinates);
    },
    onMove: (coordinates) => {
      last = coordinates;
      props.onMove(coordinates);
    },
    onEnd: () => {
      if (start && last) {
        settleDrop(props.context, placeAt(props.context, last), {
          x: last.x - start.x,
          y: last.y - start.y,
        });
      }
      props.onEnd();
    },
  };
};

/** dnd-kit's mouse sensor (a card lifts once the pointer moved a few pixels), its drop settled on release. */
export class ColumnMouseSensor extends MouseSensor {
  constructor(props: SensorProps<MouseSensorOptions>) {
    super(settledOnRelease(props));
  }
}

/** dnd-kit's touch sensor (a finger holds a card a moment to lift it), its drop settled on release. */
export class ColumnTouchSensor extends TouchSensor {
  constructor(props: SensorProps<TouchSensorOptions>) {
    super(settledOnRelease(props));
  }
}
