import {
  type Activators,
  type CollisionDetection,
  pointerWithin,
  rectIntersection,
  type SensorInstance,
  type SensorProps,
} from '@dnd-kit/core';
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import { settleDrop } from './kanban-sensors';

/** The board and its columns carry these attributes, so the keyboard finds the column beside the current one. */
const BOARD_ATTRIBUTE = 'data-kanban-board';
const COLUMN_ATTRIBUTE = 'data-kanban-column';
/**
 * Marks the column a card carried by the keyboard is in. The drop goes where the arrows took the card, not
 * where dnd-kit's measured rectangles, taken before the board scrolled to show the column, would put it.
 */
const CARRIED_ATTRIBUTE = 'data-kanban-carried-over';

const PICK_UP = ['Space'];
const DROP = ['Space', 'Enter'];
const CANCEL = ['Escape'];

/** The board's columns in the order the eye reads them on screen, left to right (also in Arabic). */
const columnsOnScreen = (board: Element): HTMLElement[] =>
  [...board.querySelectorAll<HTMLElement>(`[${COLUMN_ATTRIBUTE}]`)].sort(
    (a, b) => a.getBoundingClientRect().left - b.getBoundingClientRect().left,
  );

/**
 * Moving a card with the keyboard (spec: the board is keyboard accessible): Space picks the focused card
 * up, the left and right arrows carry it to the column on that side of the screen (so they follow the
 * reading direction in Arabic too), Space or Enter drops it, Escape puts it back. dnd-kit's own keyboard
 * sensor moves a card by pixels and scrolls by `scrollLeft`, which runs backwards in a right-to-left page;
 * this one jumps a whole column and brings that column into view itself.
 */
export class ColumnKeyboardSensor implements SensorInstance {
  autoScrollEnabled = false;
  static activators: Activators<object> = [
    {
      eventName: 'onKeyDown',
      handler: (event: ReactKeyboardEvent, _options, { active }) => {
        if (!PICK_UP.includes(event.nativeEvent.code)) return false;
        const activator = active.activatorNode.current;
        // A button inside the card keeps its own Space.
        if (activator && event.target !== activator) return false;
        event.preventDefault();
        return true;
      },
    },
  ];

  private readonly props: SensorProps<object>;
  private readonly document: Document;
  private translate = { x: 0, y: 0 };
  private column: HTMLElement | null;
  /** Where the card stood when it was picked up: the drag overlay stays there, fixed, while the board scrolls. */
  private readonly origin: { left: number; width: number } | undefined;

  constructor(props: SensorProps<object>) {
    this.props = props;
    const node = props.activeNode.node.current;
    this.document = node?.ownerDocument ?? document;
    this.origin = node?.getBoundingClientRect();
    this.column = node?.closest<HTMLElement>(`[${COLUMN_ATTRIBUTE}]`) ?? null;
    this.column?.setAttribute(CARRIED_ATTRIBUTE, '');
    this.handleKeyDown = this.handleKeyDown.bind(this);
    this.handleCancel = this.handleCancel.bind(this);
    props.onStart({ x: 0, y: 0 });
    this.document.defaultView?.addEventListener('resize', this.handleCancel);
    this.document.addEventListener('visibilitychange', this.handleCancel);
    // Listening at once: the next keys may come before a timer would run (a busy machine serves keys first),
    // and an arrow or Escape lost that way left the card in the air (issue #29 item 8).
    this.document.addEventListener('keydown', this.handleKeyDown);
  }

  private handleKeyDown(event: KeyboardEvent): void {
    // The key that picked the card up reaches the document after this listener: it must not also drop it.
    if (event === this.props.event) return;
    if (DROP.includes(event.code)) {
      event.preventDefault();
      this.detach();
      // Dropped where the arrows took it, even before the board rendered that last step.
      settleDrop(this.props.context, this.column);
      this.props.onEnd();
      this.column?.removeAttribute(CARRIED_ATTRIBUTE);
      return;
    }
    if (CANCEL.includes(event.code)) {
      this.handleCancel(event);
      return;
    }
    if (event.code === 'ArrowLeft' || event.code === 'ArrowRight') {
      event.preventDefault();
      this.moveTo(event.code === 'ArrowRight' ? 1 : -1);
      return;
    }
    // Up, down, page keys and Tab would scroll or leave the board under a card still in the air.
    if (['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', 'Tab'].includes(event.code)) {
      event.preventDefault();
    }
  }

  private moveTo(step: 1 | -1): void {
    // Measured at pick-up, not read from dnd-kit's last render: an arrow pressed before that render would
    // otherwise be lost.
    const origin = this.origin;
    const board = this.column?.closest(`[${BOARD_ATTRIBUTE}]`);
    if (!origin || !board || !this.column) return;
    const columns = columnsOnScreen(board);
    const target = columns[columns.indexOf(this.column) + step];
    if (!target) return;
    target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const rect = target.getBoundingClientRect();
    this.translate = {
      x: rect.left + (rect.width - origin.width) / 2 - origin.left,
      y: this.translate.y,
    };
    this.column.removeAttribute(CARRIED_ATTRIBUTE);
    target.setAttribute(CARRIED_ATTRIBUTE, '');
    this.column = target;
    this.props.onMove(this.translate);
  }

  private handleCancel(event: Event): void {
    event.preventDefault();
    this.detach();
    this.props.onCancel();
    this.column?.removeAttribute(CARRIED_ATTRIBUTE);
  }

  private detach(): void {
    this.document.removeEventListener('keydown', this.handleKeyDown);
    this.document.defaultView?.removeEventListener('resize', this.handleCancel);
    this.document.removeEventListener('visibilitychange', this.handleCancel);
  }
}

/**
 * Which column a card is over: under the pointer for a mouse or a finger; for the keyboard (no pointer),
 * the column the arrows carried it to, else the column holding the card's centre.
 */
export const columnCollision: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const under = pointerWithin(args);
    // A drop place shown over the board's foot wins over the column beneath it.
    const zone = under.find((collision) => String(collision.id).startsWith('zone:'));
    if (zone) return [zone];
    return under.length > 0 ? under : rectIntersection(args);
  }
  const carried = args.droppableContainers.find((container) =>
    container.node.current?.hasAttribute(CARRIED_ATTRIBUTE),
  );
  if (carried) return [{ id: carried.id, data: { droppableContainer: carried, value: 0 } }];
  const centre = args.collisionRect.left + args.collisionRect.width / 2;
  return args.droppableContainers
    .filter((container) => {
      const rect = args.droppableRects.get(container.id);
      return rect !== undefined && rect.left <= centre && centre <= rect.right;
    })
    .map((container) => ({ id: container.id, data: { droppableContainer: container, value: 0 } }));
};
