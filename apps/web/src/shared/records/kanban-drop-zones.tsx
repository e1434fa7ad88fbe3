import { useDroppable } from '@dnd-kit/core';
import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A place at the board's foot a card can be dropped on instead of a column (a deal's Won or Lost). */
export type KanbanDropZone = { id: string; label: string; color: string; icon?: ReactNode };

const Zone = ({ zone }: { zone: KanbanDropZone }) => {
  const { setNodeRef, isOver } = useDroppable({ id: `zone:${zone.id}`, data: { zone: zone.id } });
  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      data-testid={`kanban-zone-${zone.id}`}
      sx={{
        flex: 1,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        py: 2.5,
        borderRadius: 3,
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: zone.color,
        color: zone.color,
        bgcolor: isOver ? `${zone.color}33` : 'background.paper',
        boxShadow: isOver ? 6 : 2,
        transition: 'background-color 120ms, box-shadow 120ms',
      }}
    >
      {zone.icon}
      <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
        {zone.label}
      </Typography>
    </Paper>
  );
};

/** The drop places shown over the board's foot while a card is carried (Pipedrive's Won and Lost). */
export const KanbanDropZones = ({ zones }: { zones: readonly KanbanDropZone[] }) => (
  <Box
    sx={{
      position: 'absolute',
      insetInline: 0,
      bottom: 16,
      zIndex: 2,
      display: 'flex',
      gap: 2,
      px: 1,
      pointerEvents: 'none',
      '& > *': { pointerEvents: 'auto' },
    }}
  >
    {zones.map((zone) => (
      <Zone key={zone.id} zone={zone} />
    ))}
  </Box>
);
