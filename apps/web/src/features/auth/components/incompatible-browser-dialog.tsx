import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BROWSER_MINIMUMS, isSupportedBrowser } from '../browser-support';

/** Warns users of an old or unknown browser once per visit; they may still try to continue. */
export const IncompatibleBrowserDialog = ({ userAgent = navigator.userAgent }: { userAgent?: string }) => {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(() => !isSupportedBrowser(userAgent));
  const titleId = useId();
  const minimums = `Chrome ${BROWSER_MINIMUMS.chrome}, Edge ${BROWSER_MINIMUMS.edge}, Firefox ${BROWSER_MINIMUMS.firefox}, Safari ${BROWSER_MINIMUMS.safari}, Internet Explorer ${BROWSER_MINIMUMS.ie}`;

  return (
    <Dialog
      open={isOpen}
      onClose={() => setIsOpen(false)}
      aria-labelledby={titleId}
      data-testid="incompatible-browser"
    >
      <DialogTitle id={titleId}>{t('browser.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('browser.text', { minimums })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={() => setIsOpen(false)}>
          {t('browser.continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
