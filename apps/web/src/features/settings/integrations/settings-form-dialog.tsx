import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../shared/ui/submit-button';

type SettingsFormDialogProps = {
  /** The dialog's test id, and the prefix of `{testId}-error` and `{testId}-submit`. */
  testId: string;
  title: ReactNode;
  maxWidth: 'sm' | 'md';
  /** The space between the intro, the refusal and the fields. */
  gap?: number;
  intro: string;
  /** The refusal of the last submit, shown above the fields. */
  failure: string | null;
  isPending: boolean;
  submitLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  /**
   * What replaces the form once it is created, when there is a secret to show this once: only its own
   * button closes that step, not a click beside the dialog.
   */
  secretStep?: ReactNode;
  children: ReactNode;
};

/**
 * The frame every integration's dialog shares (bots, webhooks, PBX, CRM, API keys): larger than the
 * shared FormDialog, full screen on a phone, and able to turn into the created secret's step.
 */
export const SettingsFormDialog = ({
  testId,
  title,
  maxWidth,
  gap = 2,
  intro,
  failure,
  isPending,
  submitLabel,
  onSubmit,
  onClose,
  secretStep,
  children,
}: SettingsFormDialogProps) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={(_event, reason) => {
        if (isPending || (secretStep && reason === 'backdropClick')) return;
        onClose();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={isPhone}
      data-testid={testId}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        {title}
      </DialogTitle>
      {secretStep ?? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <DialogContent sx={{ display: 'grid', gap }}>
            <Typography color="text.secondary">{intro}</Typography>
            {failure && (
              <Alert severity="error" data-testid={`${testId}-error`}>
                {failure}
              </Alert>
            )}
            {children}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={isPending}>
              {t('common.cancel')}
            </Button>
            <SubmitButton isPending={isPending} data-testid={`${testId}-submit`}>
              {submitLabel}
            </SubmitButton>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
};

/** The integration's name, first in every dialog. */
export const NameField = ({
  value,
  error,
  testId,
  onChange,
}: {
  value: string;
  error: string | undefined;
  testId: string;
  onChange: (name: string) => void;
}) => {
  const { t } = useTranslation();
  return (
    <TextField
      required
      autoFocus
      label={t('settings.integrations.name')}
      value={value}
      error={Boolean(error)}
      helperText={error}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ htmlInput: { 'data-testid': testId, maxLength: 100 } }}
    />
  );
};
