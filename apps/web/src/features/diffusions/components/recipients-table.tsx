import { RECIPIENT_REASONS, RECIPIENT_STATES, type RecipientState } from '@conversa/domain';
import { Box, Button, Chip, MenuItem, TableCell, TableRow, TextField, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formattersFor } from '../../../shared/format/intl-format';
import ChatOutlined from '../../../shared/icons/ChatOutlined';
import GroupOutlined from '../../../shared/icons/GroupOutlined';
import { PagedTable, usePaging } from '../../../shared/ui/paged-table';
import { useDebounced } from '../../../shared/use-debounced';
import { storePendingContact } from '../../chat/open-conversation';
import { useRecipients } from '../api/diffusions';

const SEARCH_PAUSE_MS = 900;

const STATE_COLOR = {
  pending: 'default',
  sending: 'info',
  sent: 'primary',
  delivered: 'primary',
  read: 'success',
  failed: 'error',
  skipped: 'warning',
} as const satisfies Record<RecipientState, string>;

/**
 * A diffusion's recipients, a page at a time: each one's state, why it was skipped or failed, when it
 * went, and a way to its conversation; filtered by state, reason and part of the phone.
 */
export const RecipientsTable = ({ diffusionId }: { diffusionId: string }) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const formatters = formattersFor(i18n.language);
  const paging = usePaging();
  const [state, setState] = useState('');
  const [reason, setReason] = useState('');
  const [phone, setPhone] = useState('');
  const typedPhone = useDebounced(phone, SEARCH_PAUSE_MS);
  const query = useRecipients(diffusionId, {
    page: paging.page,
    offset: paging.offset,
    state,
    reason,
    phone: typedPhone,
  });
  const rows = query.data?.rows ?? [];
  const isFiltered = state !== '' || reason !== '' || typedPhone !== '';
  const columns = ['phone', 'name', 'state', 'reason', 'sentAt', 'message'] as const;
  const select = (label: string, value: string, onChange: (value: string) => void, testId: string) => ({
    select: true,
    size: 'small' as const,
    label,
    value,
    onChange: (event: { target: { value: string } }) => {
      onChange(event.target.value);
      paging.restart();
    },
    sx: { minWidth: 180 },
    slotProps: { select: { SelectDisplayProps: { 'data-testid': testId } as object } },
  });

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <TextField {...select(t('diffusions.recipients.state'), state, setState, 'recipients-state')}>
          <MenuItem value="">{t('diffusions.recipients.all')}</MenuItem>
          {RECIPIENT_STATES.map((item) => (
            <MenuItem key={item} value={item} data-testid={`recipients-state-${item}`}>
              {t(`diffusions.recipientState.${item}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField {...select(t('diffusions.recipients.reason'), reason, setReason, 'recipients-reason')}>
          <MenuItem value="">{t('diffusions.recipients.all')}</MenuItem>
          {RECIPIENT_REASONS.map((item) => (
            <MenuItem key={item} value={item}>
              {t(`diffusions.reason.${item}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('diffusions.recipients.phone')}
          value={phone}
          onChange={(event) => {
            setPhone(event.target.value);
            paging.restart();
          }}
          slotProps={{ htmlInput: { inputMode: 'tel', dir: 'ltr', 'data-testid': 'recipients-phone' } }}
        />
      </Box>
      <PagedTable
        query={query}
        paging={paging}
        rowCount={rows.length}
        total={query.data?.total ?? 0}
        label={t('diffusions.recipients.title')}
        testId="recipients-table"
        columns={columns.length}
        head={columns.map((column) => (
          <TableCell key={column}>{t(`diffusions.recipients.${column}`)}</TableCell>
        ))}
        texts={{
          loadFailed: t('diffusions.recipients.loadFailed'),
          rowsPerPage: t('diffusions.list.rowsPerPage'),
        }}
        empty={{
          icon: GroupOutlined,
          title: t(isFiltered ? 'diffusions.recipients.noMatch' : 'diffusions.recipients.empty'),
          description: isFiltered ? undefined : t('diffusions.recipients.emptyHelp'),
        }}
      >
        {rows.map((recipient) => (
          <TableRow key={recipient.id} data-testid="recipient-row" data-state={recipient.state}>
            <TableCell dir="ltr" sx={{ textAlign: 'start' }}>
              {recipient.phone}
            </TableCell>
            <TableCell>{recipient.name || '-'}</TableCell>
            <TableCell>
              <Chip
                size="small"
                color={STATE_COLOR[recipient.state]}
                label={t(`diffusions.recipientState.${recipient.state}`)}
              />
            </TableCell>
            <TableCell>
              {recipient.reason ? (
                <Tooltip title={recipient.detail}>
                  <span>{t(`diffusions.reason.${recipient.reason}`)}</span>
                </Tooltip>
              ) : (
                '-'
              )}
            </TableCell>
            <TableCell>{recipient.sent_at ? formatters.dateTime(recipient.sent_at) : '-'}</TableCell>
            <TableCell>
              {recipient.message_id && recipient.contact_id ? (
                <Button
                  size="small"
                  startIcon={<ChatOutlined />}
                  onClick={() => {
                    storePendingContact(recipient.contact_id);
                    navigate('/app/chat');
                  }}
                >
                  {t('diffusions.recipients.openChat')}
                </Button>
              ) : (
                '-'
              )}
            </TableCell>
          </TableRow>
        ))}
      </PagedTable>
    </Box>
  );
};
