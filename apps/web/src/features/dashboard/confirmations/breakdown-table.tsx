import { Box, Card, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashboardNumbers } from './dashboard-format';
import { CHART_PARTS } from './day-chart';

type Counts = {
  appointments: number;
  confirmed: number;
  cancelled: number;
  no_reply: number;
  failed: number;
};
type Line = Counts & { id: string; name: string };

/** The period's counts by professional or by branch, with the confirmed rate of each, most appointments first. */
export const BreakdownTable = ({
  title,
  nameColumn,
  lines,
  testId,
}: {
  title: string;
  nameColumn: string;
  lines: Line[];
  testId: string;
}) => {
  const { t } = useTranslation();
  const numbers = useDashboardNumbers();
  const titleId = useId();
  const sorted = [...lines].sort((a, b) => b.appointments - a.appointments);
  return (
    <Card
      variant="outlined"
      sx={{ display: 'grid' }}
      component="section"
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <Typography id={titleId} variant="h6" component="h2" sx={{ p: 2, pb: 1 }}>
        {title}
      </Typography>
      {sorted.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {t('confirmationsDashboard.noData')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                <TableCell>{nameColumn}</TableCell>
                <TableCell align="right">{t('confirmationsDashboard.totals.appointments')}</TableCell>
                {CHART_PARTS.map((part) => (
                  <TableCell key={part} align="right">
                    {t(`confirmationsDashboard.totals.${part}`)}
                  </TableCell>
                ))}
                <TableCell align="right">{t('confirmationsDashboard.column.confirmedRate')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sorted.map((line) => (
                <TableRow key={line.id || line.name} data-testid={`${testId}-row`}>
                  <TableCell>{line.name || '-'}</TableCell>
                  <TableCell align="right">{numbers.count(line.appointments)}</TableCell>
                  {CHART_PARTS.map((part) => (
                    <TableCell key={part} align="right">
                      {numbers.count(line[part])}
                    </TableCell>
                  ))}
                  <TableCell align="right">{numbers.share(line.confirmed, line.appointments)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Card>
  );
};
