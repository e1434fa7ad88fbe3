import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { SvgIconComponent } from '../icons/svg-icon-component';

type EmptyStateProps = { icon: SvgIconComponent; title: string; description?: string; action?: ReactNode };

/** An illustration-like placeholder so an empty list or an unfinished module never looks broken. */
export const EmptyState = ({ icon: Icon, title, description, action }: EmptyStateProps) => (
  <Box sx={{ textAlign: 'center', py: 6, px: 2, display: 'grid', justifyItems: 'center', gap: 1.5 }}>
    <Box
      sx={(theme) => ({
        width: 120,
        height: 120,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        background: `radial-gradient(circle at 30% 30%, ${theme.palette.primary.light}33, ${theme.palette.primary.main}1a)`,
        border: `2px dashed ${theme.palette.primary.light}66`,
      })}
    >
      <Icon sx={{ fontSize: 56, color: 'primary.main' }} aria-hidden="true" />
    </Box>
    <Typography variant="h6" component="p">
      {title}
    </Typography>
    {description && (
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        {description}
      </Typography>
    )}
    {action}
  </Box>
);
