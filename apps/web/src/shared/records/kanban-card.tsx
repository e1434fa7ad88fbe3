import { useDraggable } from '@dnd-kit/core';
import { Box, Paper } from '@mui/material';
import type { ReactNode } from 'react';

/** The card's frame, shared by the card in its column and the copy that follows the pointer. */
export const CardFrame = ({ children, isLifted = false }: { children: ReactNode; isLifted?: boolean }) => (
  <Paper
    variant="outlined"
    data-testid={isLifted ? 'kanban-card-lifted' : undefined}
    sx={{
      p: 1.5,
      borderRadius: 2,
      bgcolor: 'background.paper',
      boxShadow: isLifted ? 6 : 0,
      transform: isLifted ? 'rotate(-2deg)' : undefined,
      cursor: isLifted ? 'grabbing' : 'inherit',
    }}
  >
    {children}
  </Paper>
);

type KanbanCardProps = {
  id: string;
  column: string;
  label: string;
  canMove: boolean;
  onOpen?: () => void;
  children: ReactNode;
};

/**
 * A card on the board: focusable, picked up with Space (or dragged with the pointer once it has moved a
 * few pixels, so a click still opens the record), opened with a click or Enter.
 */
export const KanbanCard = ({ id, column, label, canMove, onOpen, children }: KanbanCardProps) => {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id,
    data: { column },
    disabled: !canMove,
  });
  const ref = (node: HTMLElement | null) => {
    setNodeRef(node);
    setActivatorNodeRef(node);
  };
  return (
    <Box
      component="li"
      ref={ref}
      {...attributes}
      {...listeners}
      aria-label={label}
      data-testid="kanban-card"
      data-card-id={id}
      onClick={onOpen}
      onKeyDown={(event) => {
        listeners?.onKeyDown?.(event);
        if (event.key === 'Enter' && !isDragging && !event.defaultPrevented) onOpen?.();
      }}
      sx={{
        listStyle: 'none',
        borderRadius: 2,
        opacity: isDragging ? 0.35 : 1,
        cursor: canMove ? 'grab' : onOpen ? 'pointer' : 'default',
        touchAction: canMove ? 'manipulation' : undefined,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        '&:hover > .MuiPaper-root': { borderColor: 'primary.light' },
      }}
    >
      <CardFrame>{children}</CardFrame>
    </Box>
  );
};
