import { Box, CircularProgress, IconButton, Menu, Tooltip, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalance } from '../../shared/account/api/get-balance';
import { useAccount } from '../../shared/account/use-account';
import { formattersFor } from '../../shared/format/intl-format';
import { WALLET_ICON } from '../app-routes';

/** The message balance (plan and bags), only for companies with a subscription (spec section 2). */
export const BalanceMenu = () => {
  const { t, i18n } = useTranslation();
  const { client } = useAccount();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const balance = useBalance(client.id, anchor !== null);
  const format = formattersFor(i18n.language).number;

  if (client.subscribe_id.length === 0) return null;
  return (
    <>
      <Tooltip title={t('header.balance')}>
        <IconButton
          color="inherit"
          data-testid="balance-menu"
          aria-label={t('header.balance')}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <WALLET_ICON />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <Box sx={{ px: 2, py: 1, minWidth: 220 }}>
          <Typography variant="subtitle2" gutterBottom>
            {t('header.balance')}
          </Typography>
          {balance.isPending ? (
            <CircularProgress size={20} aria-label={t('common.loading')} />
          ) : (
            <>
              <Typography variant="body2">
                {t('header.balancePlan')}: {balance.data ? format(balance.data.plan) : '—'}
              </Typography>
              <Typography variant="body2">
                {t('header.balanceBags')}: {balance.data ? format(balance.data.bags) : '—'}
              </Typography>
            </>
          )}
        </Box>
      </Menu>
    </>
  );
};
