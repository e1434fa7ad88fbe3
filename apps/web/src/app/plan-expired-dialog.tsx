import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../shared/account/use-account';
import { appPath, MARKETPLACE_ROUTE } from './app-routes';

/** Opens once per load when the company's plan has expired (spec section 4). */
export const PlanExpiredDialog = ({ isExpired }: { isExpired: boolean }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const [isOpen, setIsOpen] = useState(isExpired);
  const titleId = useId();

  useEffect(() => {
    if (isExpired) setIsOpen(true);
  }, [isExpired]);

  return (
    <Dialog
      open={isOpen}
      onClose={() => setIsOpen(false)}
      aria-labelledby={titleId}
      data-testid="plan-expired"
    >
      <DialogTitle id={titleId}>{t('account.planExpiredTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('account.planExpiredText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setIsOpen(false)}>{t('common.close')}</Button>
        {can(MARKETPLACE_ROUTE.permission) && (
          <Button
            variant="contained"
            onClick={() => {
              setIsOpen(false);
              navigate(appPath(MARKETPLACE_ROUTE));
            }}
          >
            {t('account.seePlans')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
