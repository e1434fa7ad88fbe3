import { Box, Button, Popover, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The confirm popover of the spec (section 2): a question with Cancel and Yes. */
export const ConfirmPopover = ({
  anchor,
  question,
  isPending = false,
  onCancel,
  onConfirm,
}: {
  anchor: HTMLElement | null;
  question: string;
  isPending?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <Popover
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onCancel}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      transformOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Box sx={{ p: 2, maxWidth: 300 }} role="alertdialog" aria-label={question}>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {question}
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <Button size="small" onClick={onCancel} disabled={isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            size="small"
            variant="contained"
            color="error"
            onClick={onConfirm}
            disabled={isPending}
            data-testid="confirm-yes"
          >
            {t('records.confirm.yes')}
          </Button>
        </Box>
      </Box>
    </Popover>
  );
};
