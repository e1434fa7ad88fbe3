import {
  type Active,
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type Over,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Alert, Box, Button, Skeleton } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FLOATING_BUTTONS_CLEARANCE } from '../ui/page-room';
import { CardFrame, KanbanCard } from './kanban-card';
import { KanbanColumn, type KanbanColumnSpec } from './kanban-column';
import { type KanbanDropZone, KanbanDropZones } from './kanban-drop-zones';
import { ColumnKeyboardSensor, columnCollision } from './kanban-keyboard';
import type { KanbanBoardState } from './kanban-query';
import { ColumnMouseSensor, ColumnTouchSensor } from './kanban-sensors';
import { columnOf, findCard, type KanbanColumnData } from './kanban-state';

/** Where the board starts on a wide screen: the header, the page's title and the board's toolbar above it. */
const BOARD_TOP = 206;

export type { KanbanColumnSpec } from './kanban-column';
export type { KanbanDropZone } from './kanban-drop-zones';

type KanbanBoardProps<T> = {
  /** The columns in order; cards of a value that has no column here are not shown. */
  columns: readonly KanbanColumnSpec[];
  board: KanbanBoardState<T>;
  renderCard: (item: T) => ReactNode;
  onOpen?: (item: T) => void;
  canMove: boolean;
  /** The board's accessible name. */
  label: string;
  /**
   * Columns that keep an order (a deal's position): a card dropped between two others takes that place,
   * also in its own column. Otherwise a card dropped on another column goes to its top.
   */
  isOrdered?: boolean;
  /** A line under a column's name (its amount total). */
  columnExtra?: (column: string, data: KanbanColumnData<T>) => ReactNode;
  /** Places shown at the board's foot while a card is carried (Won, Lost); a drop there calls `onDropZone`. */
  dropZones?: readonly KanbanDropZone[];
  onDropZone?: (zone: string, item: T) => void;
};

const columnIdOf = (target: Active | Over | null): string | undefined => {
  const column = target?.data.current?.column;
  return typeof column === 'string' ? column : undefined;
};

const zoneOf = (target: Over | null): string | undefined => {
  const zone = target?.data.current?.zone;
  return typeof zone === 'string' ? zone : undefined;
};

/**
 * Where in the column a carried card lands: the number of the column's other cards whose middle is above
 * the card's middle. Read from the cards on screen, so it holds however far the column scrolled.
 */
const placeInColumn = (event: DragEndEvent, column: string): number => {
  const carried = event.active.rect.current.translated;
  const node = document.querySelector(`[data-kanban-column="${CSS.escape(column)}"]`);
  if (!carried || !node) return 0;
  const middle = carried.top + carried.height / 2;
  const others = [...node.querySelectorAll<HTMLElement>('[data-card-id]')].filter(
    (card) => card.dataset.cardId !== String(event.active.id),
  );
  return others.filter((card) => {
    const rect = card.getBoundingClientRect();
    return rect.top + rect.height / 2 < middle;
  }).length;
};

const BoardSkeleton = () => (
  <Box sx={{ display: 'flex', gap: 2, overflow: 'hidden' }} aria-busy="true">
    {[0, 1, 2, 3].map((key) => (
      <Skeleton
        key={key}
        variant="rounded"
        sx={{ width: { xs: '82vw', sm: 296 }, flexShrink: 0, height: 420 }}
      />
    ))}
  </Box>
);

/**
 * The record kit's kanban board: one column per value of a field, a card per record, moved between columns
 * with the mouse, a finger (hold, then drag) or the keyboard (Space, arrows, Space; Escape cancels), each
 * step announced to screen readers in the person's language. A move shows at once and is undone with a
 * message if the server refuses it (useKanbanBoard).
 */
export const KanbanBoard = <T,>({
  columns,
  board,
  renderCard,
  onOpen,
  canMove,
  label,
  isOrdered = false,
  columnExtra,
  dropZones = [],
  onDropZone,
}: KanbanBoardProps<T>) => {
  const { t } = useTranslation();
  const sensors = useSensors(
    // Each drop lands where the card was let go, even when the board has not yet rendered its last move.
    useSensor(ColumnMouseSensor, { activationConstraint: { distance: 6 } }),
    // A finger scrolls the board; holding a card a moment lifts it.
    useSensor(ColumnTouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(ColumnKeyboardSensor),
  );
  const [activeId, setActiveId] = useState<string | null>(null);
  const data = board.data;
  const cardOf = (id: string | number | undefined) =>
    data && id !== undefined ? findCard(data, board.shape, String(id)) : undefined;
  const nameOf = (target: Active | Over | null) => {
    const zone = zoneOf(target as Over | null);
    if (zone !== undefined) return dropZones.find((candidate) => candidate.id === zone)?.label ?? '';
    const id = columnIdOf(target);
    return columns.find((column) => column.id === id)?.name ?? '';
  };
  const labelOf = (active: Active) => {
    const found = cardOf(active.id);
    return found ? board.labelOf(found.item) : '';
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('kanban.announce.pickedUp', { card: labelOf(active), column: nameOf(active) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('kanban.announce.over', { card: labelOf(active), column: nameOf(over) })
        : t('kanban.announce.outside', { card: labelOf(active) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('kanban.announce.dropped', { card: labelOf(active), column: nameOf(over) })
        : t('kanban.announce.cancelled', { card: labelOf(active), column: nameOf(active) }),
    onDragCancel: ({ active }) =>
      t('kanban.announce.cancelled', { card: labelOf(active), column: nameOf(active) }),
  };

  const drop = (event: DragEndEvent) => {
    const { active, over } = event;
    setActiveId(null);
    const zone = zoneOf(over);
    const carried = cardOf(active.id);
    if (zone !== undefined) {
      if (carried) onDropZone?.(zone, carried.item);
      return;
    }
    const to = columnIdOf(over);
    if (to === undefined) return;
    // The keyboard carries a card by whole columns: it lands on top, as on an unordered board.
    const at = isOrdered && event.activatorEvent.type !== 'keydown' ? placeInColumn(event, to) : undefined;
    if (to !== columnIdOf(active) || at !== undefined) void board.move(String(active.id), to, at);
  };

  if (board.isError && !data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={board.reload}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('kanban.loadFailed')}
      </Alert>
    );
  }
  if (!data) return <BoardSkeleton />;

  const lifted = cardOf(activeId ?? undefined);
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={columnCollision}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('kanban.instructions') } }}
      onDragStart={({ active }) => setActiveId(String(active.id))}
      onDragEnd={drop}
      onDragCancel={() => setActiveId(null)}
    >
      <Box sx={{ position: 'relative' }}>
        <Box
          data-kanban-board=""
          role="region"
          aria-label={label}
          data-testid="kanban-board"
          sx={{
            display: 'flex',
            gap: 2,
            overflowX: 'auto',
            pb: 1.5,
            // On a phone the page scrolls past the toolbar to the board, which then takes most of the screen.
            // On a wide screen it ends where the page's room for the floating buttons begins, so the page
            // does not scroll and a carried card's drop places stay where the pointer goes.
            height: { xs: '78dvh', md: `calc(100dvh - ${BOARD_TOP + FLOATING_BUTTONS_CLEARANCE}px)` },
            minHeight: 420,
            scrollSnapType: { xs: 'x mandatory', sm: 'none' },
          }}
        >
          {columns.map((column) => {
            const loaded = columnOf(data, column.id);
            return (
              <KanbanColumn
                key={column.id}
                column={column}
                count={loaded.count}
                hasMore={board.hasMore(column.id)}
                isLoadingMore={board.isLoadingMore(column.id)}
                onNeedMore={() => board.loadMore(column.id)}
                extra={columnExtra?.(column.id, loaded)}
              >
                {loaded.items.map((item) => {
                  const id = board.shape.idOf(item);
                  return (
                    <KanbanCard
                      key={id}
                      id={id}
                      column={column.id}
                      label={board.labelOf(item)}
                      canMove={canMove}
                      onOpen={onOpen ? () => onOpen(item) : undefined}
                    >
                      {renderCard(item)}
                    </KanbanCard>
                  );
                })}
              </KanbanColumn>
            );
          })}
        </Box>
        {lifted && dropZones.length > 0 && <KanbanDropZones zones={dropZones} />}
      </Box>
      <DragOverlay>{lifted ? <CardFrame isLifted>{renderCard(lifted.item)}</CardFrame> : null}</DragOverlay>
    </DndContext>
  );
};
