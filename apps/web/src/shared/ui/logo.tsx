import { Box, Typography } from '@mui/material';

type LogoProps = { size?: number; isTextHiddenOnPhones?: boolean };

/** The mark takes the surrounding text colour, so it reads on the teal header and on white pages alike. */
export const Logo = ({ size = 28, isTextHiddenOnPhones = false }: LogoProps) => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path
        d="M9 10h14a3 3 0 0 1 3 3v6a3 3 0 0 1-3 3h-8l-5 4v-4H9a3 3 0 0 1-3-3v-6a3 3 0 0 1 3-3z"
        fill="#f59e0b"
      />
    </svg>
    <Typography
      component="span"
      variant="h6"
      sx={{
        fontWeight: 700,
        letterSpacing: 0.2,
        color: 'inherit',
        display: isTextHiddenOnPhones ? { xs: 'none', sm: 'inline' } : 'inline',
      }}
    >
      Conversa
    </Typography>
  </Box>
);
