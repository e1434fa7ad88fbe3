import type { DashboardAdvanced, DashboardChannelFigures } from '@conversa/domain';
import { Box, Card, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type FigureKind, useFigureFormat } from './figure-format';

type Channel = DashboardAdvanced['channels'][number];

const COLUMNS: { key: keyof DashboardChannelFigures; kind: FigureKind }[] = [
  { key: 'conversations_opened', kind: 'count' },
  { key: 'conversations_closed', kind: 'count' },
  { key: 'messages_in', kind: 'count' },
  { key: 'messages_out', kind: 'count' },
  { key: 'first_response_avg_seconds', kind: 'duration' },
  { key: 'resolution_avg_seconds', kind: 'duration' },
];

/** Each device's conversations, messages and speed: a table reads better than bars of six units. */
export const ChannelsTable = ({ channels }: { channels: Channel[] }) => {
  const { t } = useTranslation();
  const format = useFigureFormat();
  const titleId = useId();
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ display: 'grid', minWidth: 0 }}
    >
      <Typography id={titleId} variant="h6" component="h2" sx={{ p: 2, pb: 1 }}>
        {t('periodDashboard.charts.channels')}
      </Typography>
      {channels.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {t('periodDashboard.noChannels')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby={titleId} data-testid="channels-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('periodDashboard.channel')}</TableCell>
                {COLUMNS.map((column) => (
                  <TableCell key={column.key} align="right">
                    {t(`periodDashboard.figures.${column.key}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {channels.map((channel) => (
                <TableRow key={channel.device_id} data-testid="channel-row">
                  <TableCell>
                    {channel.name}
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      component="span"
                      sx={{ display: 'block' }}
                    >
                      {channel.type}
                    </Typography>
                  </TableCell>
                  {COLUMNS.map((column) => (
                    <TableCell key={column.key} align="right">
                      {format.figure(channel[column.key], column.kind)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Card>
  );
};
