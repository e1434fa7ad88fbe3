import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export const PageHeader = ({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
}) => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="h4" component="h1" data-testid="page-title" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {subtitle}
        </Typography>
      )}
    </Box>
    {actions}
  </Box>
);
