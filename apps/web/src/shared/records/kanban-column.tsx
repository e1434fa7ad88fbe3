import { useDroppable } from '@dnd-kit/core';
import { Box, Chip, CircularProgress, Paper, Typography } from '@mui/material';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formattersFor } from '../format/intl-format';

/** A column as the board shows it: the value it stands for, its name and colour. */
export type KanbanColumnSpec = { id: string; name: string; color: string };

type KanbanColumnProps = {
  column: KanbanColumnSpec;
  count: number;
  hasMore: boolean;
  isLoadingMore: boolean;
  onNeedMore: () => void;
  /** A line of the module's own under the column's name (a deal column's amount total). */
  extra?: ReactNode;
  children: ReactNode;
};

/** Asks for the next page when the end of the column's list scrolls into view. */
const useEndReached = (hasMore: boolean, onNeedMore: () => void) => {
  const end = useRef<HTMLDivElement>(null);
  const latest = useRef(onNeedMore);
  latest.current = onNeedMore;
  useEffect(() => {
    const node = end.current;
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { root: node.parentElement, rootMargin: '200px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore]);
  return end;
};

/** One column: its colour, name and count on top, its cards below, loading more as they scroll. */
export const KanbanColumn = ({
  column,
  count,
  hasMore,
  isLoadingMore,
  onNeedMore,
  extra,
  children,
}: KanbanColumnProps) => {
  const { t, i18n } = useTranslation();
  // Prefixed: a column may stand for the empty value ('' = no stage), which is no usable id.
  const { setNodeRef, isOver } = useDroppable({ id: `column:${column.id}`, data: { column: column.id } });
  const end = useEndReached(hasMore && !isLoadingMore, onNeedMore);
  const headingId = `kanban-column-${column.id || 'none'}`;
  return (
    <Paper
      ref={setNodeRef}
      data-kanban-column={column.id}
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      data-testid="kanban-column"
      data-column-id={column.id}
      sx={{
        width: { xs: '82vw', sm: 296 },
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
        borderRadius: 3,
        overflow: 'hidden',
        // The column's colour as a bar along its top edge, clipped by the rounded corners.
        '&::before': { content: '""', display: 'block', height: 4, flexShrink: 0, bgcolor: column.color },
        bgcolor: isOver ? 'action.hover' : 'grey.50',
        outline: isOver ? '2px dashed' : 'none',
        outlineColor: 'primary.light',
        scrollSnapAlign: 'start',
        transition: 'background-color 120ms',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, pt: 1.5, pb: 1 }}>
        <Typography
          id={headingId}
          component="h2"
          variant="subtitle2"
          noWrap
          sx={{ flex: 1, fontWeight: 700 }}
        >
          {column.name}
        </Typography>
        <Chip
          size="small"
          label={formattersFor(i18n.language).number(count)}
          aria-label={t('kanban.count', { total: count })}
          data-testid="kanban-column-count"
          sx={{ fontWeight: 600, bgcolor: `${column.color}22`, color: 'text.primary' }}
        />
      </Box>
      {extra && <Box sx={{ px: 1.5, pb: 1, mt: -0.5 }}>{extra}</Box>}
      <Box
        sx={{ flex: 1, minHeight: 120, overflowY: 'auto', px: 1, pb: 1 }}
        data-testid="kanban-column-cards"
      >
        <Box component="ul" sx={{ m: 0, p: 0.5, display: 'grid', gap: 1 }}>
          {children}
        </Box>
        {count === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', py: 3 }}>
            {t('kanban.emptyColumn')}
          </Typography>
        )}
        <Box ref={end} sx={{ display: 'grid', placeItems: 'center', minHeight: hasMore ? 40 : 0 }}>
          {isLoadingMore && <CircularProgress size={20} aria-label={t('kanban.loadingMore')} />}
        </Box>
      </Box>
    </Paper>
  );
};
