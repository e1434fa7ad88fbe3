import { IconButton, Tooltip } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../clipboard';
import Check from '../icons/Check';
import ContentCopy from '../icons/ContentCopy';
import { notify } from '../notify';

/** Copies a value and says so for a moment; when the browser refuses both ways, it says that instead. */
export const CopyButton = ({ value, label }: { value: string; label?: string }) => {
  const { t } = useTranslation();
  const [isCopied, setIsCopied] = useState(false);

  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [isCopied]);

  const copy = async () => {
    if (await copyText(value)) {
      setIsCopied(true);
      notify(t('common.copied'), 'success');
    } else {
      notify(t('common.copyFailed'), 'error');
    }
  };

  const title = isCopied ? t('common.copied') : (label ?? t('common.copy'));
  return (
    <Tooltip title={title}>
      <IconButton
        onClick={() => void copy()}
        aria-label={label ?? t('common.copy')}
        data-testid="copy-button"
      >
        {isCopied ? <Check color="success" /> : <ContentCopy />}
      </IconButton>
    </Tooltip>
  );
};
