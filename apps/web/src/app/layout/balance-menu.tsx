import { Box, CircularProgress, IconButton, Menu, Tooltip, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalance } from '../../shared/account/api/get-balance';
import { BalanceLines } from '../../shared/account/balance-lines';
import { useAccount } from '../../shared/account/use-account';
import { WALLET_ICON } from '../route-icons';

/** The message balance (plan and bags), only for companies with a subscription (spec section 2). */
export const BalanceMenu = () => {
  const { t } = useTranslation();
  const { client } = useAccount();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const balance = useBalance(client.id, anchor !== null && Boolean(client.plan_id));

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
        <Box sx={{ px: 2, py: 1, minWidth: 260 }}>
          <Typography variant="subtitle2" gutterBottom>
            {t('header.balance')}
          </Typography>
          {balance.isLoading ? (
            <CircularProgress size={20} aria-label={t('common.loading')} />
          ) : (
            <BalanceLines balance={balance.data} />
          )}
        </Box>
      </Menu>
    </>
  );
};
