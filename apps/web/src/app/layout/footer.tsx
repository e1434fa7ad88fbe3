import { Box, Typography } from '@mui/material';

/** The copyright year is fixed by the spec (section 2), not the current year. */
export const Footer = () => (
  <Box
    component="footer"
    sx={{ px: 3, py: 2, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
  >
    <Typography variant="body2" color="text.secondary" data-testid="footer">
      © 2021 Conversa
    </Typography>
  </Box>
);
