import { Box, Typography } from '@mui/material';

/** One figure of a deal's money: a label over its amount. */
export const PaymentStat = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="caption" color="text.secondary" component="p">
      {label}
    </Typography>
    <Typography variant="h6" component="p" data-testid={testId} sx={{ direction: 'ltr', textAlign: 'start' }}>
      {value}
    </Typography>
  </Box>
);
