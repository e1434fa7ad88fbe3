import type { Diffusion } from '@conversa/domain';
import { Box, InputAdornment, Link, TableCell, TableRow, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAccount } from '../../../shared/account/use-account';
import { formattersFor } from '../../../shared/format/intl-format';
import CampaignOutlined from '../../../shared/icons/CampaignOutlined';
import SearchOutlined from '../../../shared/icons/SearchOutlined';
import { NEW_TAB } from '../../../shared/ui/new-tab';
import { PagedTable, usePaging } from '../../../shared/ui/paged-table';
import { useDebounced } from '../../../shared/use-debounced';
import { useDiffusionList } from '../api/diffusions';
import { DiffusionActions } from './diffusion-actions';
import { DiffusionProgress } from './diffusion-progress';
import { DiffusionStatusChip } from './diffusion-status-chip';

/** The search box waits as every search of the product does (spec section 9). */
const SEARCH_PAUSE_MS = 900;

/**
 * The Diffusions tab: every diffusion with its device, state (and why it paused), progress and dates,
 * found by name, each with the actions its state allows.
 */
export const DiffusionsList = ({ onEdit }: { onEdit: (diffusion: Diffusion) => void }) => {
  const { t, i18n } = useTranslation();
  const { list_device } = useAccount();
  const formatters = formattersFor(i18n.language);
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search, SEARCH_PAUSE_MS);
  const query = useDiffusionList({ page: paging.page, offset: paging.offset, search: debounced });
  const rows = query.data?.rows ?? [];
  const deviceName = (id: string) =>
    (list_device as { id?: string; name?: string }[]).find((device) => device.id === id)?.name ?? '-';
  const dateOf = (value: string | null) => (value ? formatters.dateTime(value) : '-');
  const columns = ['name', 'device', 'status', 'progress', 'scheduled', 'started', 'actions'] as const;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <TextField
        size="small"
        value={search}
        placeholder={t('diffusions.list.search')}
        onChange={(event) => {
          setSearch(event.target.value);
          paging.restart();
        }}
        sx={{ maxWidth: 360 }}
        slotProps={{
          htmlInput: { 'data-testid': 'diffusions-search', 'aria-label': t('diffusions.list.search') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined />
              </InputAdornment>
            ),
          },
        }}
      />
      <PagedTable
        query={query}
        paging={paging}
        rowCount={rows.length}
        total={query.data?.total ?? 0}
        label={t('diffusions.list.label')}
        testId="diffusions-table"
        columns={columns.length}
        head={columns.map((column) => (
          <TableCell key={column} align={column === 'actions' ? 'right' : undefined}>
            {t(`diffusions.list.${column}`)}
          </TableCell>
        ))}
        texts={{ loadFailed: t('diffusions.list.loadFailed'), rowsPerPage: t('diffusions.list.rowsPerPage') }}
        empty={{
          icon: CampaignOutlined,
          title: t(debounced ? 'diffusions.list.noMatch' : 'diffusions.list.empty'),
          description: debounced ? undefined : t('diffusions.list.emptyHelp'),
        }}
      >
        {rows.map((diffusion) => (
          <TableRow key={diffusion.id} data-testid="diffusion-row" data-name={diffusion.name}>
            <TableCell>
              <Link
                component={RouterLink}
                to={`/app/diffusions/${diffusion.id}`}
                {...NEW_TAB}
                data-testid="diffusion-link"
              >
                {diffusion.name}
              </Link>
            </TableCell>
            <TableCell>{deviceName(diffusion.device_id)}</TableCell>
            <TableCell>
              <DiffusionStatusChip diffusion={diffusion} />
            </TableCell>
            <TableCell>
              <DiffusionProgress totals={diffusion.totals} />
            </TableCell>
            <TableCell>{dateOf(diffusion.scheduled_at)}</TableCell>
            <TableCell>{dateOf(diffusion.started_at)}</TableCell>
            <TableCell align="right">
              <DiffusionActions diffusion={diffusion} onEdit={onEdit} />
            </TableCell>
          </TableRow>
        ))}
      </PagedTable>
    </Box>
  );
};
