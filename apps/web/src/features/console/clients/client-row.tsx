import { type ConsoleClient, formatCount } from '@conversa/domain';
import { Box, Chip, IconButton, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formattersFor } from '../../../shared/format/intl-format';
import BlockOutlined from '../../../shared/icons/BlockOutlined';
import DeleteOutlined from '../../../shared/icons/DeleteOutlined';
import EditOutlined from '../../../shared/icons/EditOutlined';
import LockOpenOutlined from '../../../shared/icons/LockOpenOutlined';
import SupervisorAccountOutlined from '../../../shared/icons/SupervisorAccountOutlined';
import { narrowOnly, wideOnly } from '../../../shared/ui/table-styles';

/** Paid, unpaid (the plan expired or a renewal failed) or never billed (a trial). */
const paidKey = (client: ConsoleClient) => {
  if (client.is_paid === null) return 'trial';
  return client.is_paid ? 'paid' : 'unpaid';
};
const PAID_COLORS = { paid: 'success', unpaid: 'error', trial: 'default' } as const;

/** The usage column: each count with its noun in the right plural form. */
const USAGE = ['users', 'devices', 'messages'] as const;

export type ClientAction = 'edit' | 'block' | 'unblock' | 'impersonate' | 'delete';

/** One company of the console: plan, expiry, paid state, usage and status, with its actions. */
export const ClientRow = ({
  client,
  isOwn,
  isBusy,
  onAction,
}: {
  client: ConsoleClient;
  /** The platform's own company (the master's): it can be edited, never blocked, entered or deleted. */
  isOwn: boolean;
  isBusy: boolean;
  onAction: (action: ClientAction, client: ConsoleClient) => void;
}) => {
  const { t, i18n } = useTranslation();
  const format = formattersFor(i18n.language);
  const paid = paidKey(client);
  const isBlocked = client.status === 'blocked';
  const planName = client.plan_name ?? t('consoleClients.noPlan');
  const paidChip = <Chip size="small" color={PAID_COLORS[paid]} label={t(`consoleClients.paid.${paid}`)} />;
  const statusChip = (testId?: string) => (
    <Chip
      size="small"
      variant="outlined"
      color={isBlocked ? 'error' : 'success'}
      label={t(`consoleClients.status.${client.status}`)}
      data-testid={testId}
    />
  );
  const action = (key: ClientAction, label: string, icon: React.ReactNode, isDisabled = false) => (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          disabled={isBusy || isDisabled}
          onClick={() => onAction(key, client)}
          data-testid={`client-${key}`}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <TableRow data-testid="client-row">
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {client.name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {client.email}
        </Typography>
        <Box sx={{ ...narrowOnly, alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
          <Typography variant="caption">{planName}</Typography>
          {paidChip}
          {statusChip()}
        </Box>
      </TableCell>
      <TableCell sx={wideOnly}>{planName}</TableCell>
      <TableCell sx={wideOnly}>
        {client.plan_expires_at ? format.date(client.plan_expires_at) : '—'}
      </TableCell>
      <TableCell sx={wideOnly}>{paidChip}</TableCell>
      <TableCell sx={wideOnly} data-testid="client-usage">
        {USAGE.map((what) =>
          t(`consoleClients.usage.${what}`, {
            count: client.usage[what],
            value: formatCount(client.usage[what], client.number_format),
          }),
        ).join(' · ')}
      </TableCell>
      <TableCell sx={wideOnly}>{statusChip('client-status')}</TableCell>
      <TableCell align="right">
        <Box sx={{ display: 'inline-flex' }}>
          {action(
            'edit',
            t('consoleClients.editOf', { name: client.name }),
            <EditOutlined fontSize="small" />,
          )}
          {!isOwn && (
            <>
              {isBlocked
                ? action(
                    'unblock',
                    t('consoleClients.unblockOf', { name: client.name }),
                    <LockOpenOutlined fontSize="small" />,
                  )
                : action(
                    'block',
                    t('consoleClients.blockOf', { name: client.name }),
                    <BlockOutlined fontSize="small" />,
                  )}
              {action(
                'impersonate',
                t('consoleClients.impersonateOf', { name: client.name }),
                <SupervisorAccountOutlined fontSize="small" />,
                isBlocked,
              )}
              {action(
                'delete',
                t('consoleClients.deleteOf', { name: client.name }),
                <DeleteOutlined fontSize="small" />,
              )}
            </>
          )}
        </Box>
      </TableCell>
    </TableRow>
  );
};
