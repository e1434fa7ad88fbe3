import { Box, Card, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { visuallyHidden } from '../../../shared/ui/table-styles';

export type ChartTable = { columns: string[]; rows: { key: string; cells: string[] }[] };

/**
 * A chart in a card: its title, the drawing (inert: hidden from screen readers and the keyboard) and the
 * same figures as a table they read instead. The table is hidden by a block around it: a table is never
 * narrower than its content, so hidden itself it would still widen the page on a phone.
 */
export const ChartFigure = ({
  title,
  table,
  children,
  note,
  testId,
}: {
  title: string;
  table: ChartTable;
  children: ReactNode;
  /** Words under the drawing that everyone reads (deals in other currencies). */
  note?: ReactNode;
  testId: string;
}) => {
  const titleId = useId();
  return (
    <Card variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Box
        component="figure"
        aria-labelledby={titleId}
        sx={{ m: 0, display: 'grid', gap: 1 }}
        data-testid={testId}
      >
        <Typography id={titleId} variant="h6" component="figcaption">
          {title}
        </Typography>
        {/* Inert, not only aria-hidden: the chart's own focusable parts must leave the tab order too. */}
        <Box inert sx={{ minWidth: 0 }}>
          {children}
        </Box>
        {note}
        <Box sx={visuallyHidden}>
          <Table size="small" aria-label={title} data-testid={`${testId}-table`}>
            <TableHead>
              <TableRow>
                {table.columns.map((column) => (
                  <TableCell key={column}>{column}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {table.rows.map((row) => (
                <TableRow key={row.key}>
                  {row.cells.map((cell, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order.
                    <TableCell key={index}>{cell}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Box>
    </Card>
  );
};
