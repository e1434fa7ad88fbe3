import type { TemplateContext } from '@conversa/domain';
import { Box, Paper, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';
import { usePreviewRecipient } from '../api/diffusions';
import { audienceOf, type DiffusionForm } from '../diffusion-form';

/**
 * Who the preview reads as: a real recipient of the audience being edited, with the signed-in user as
 * $username (its author), or an example customer while the audience finds nobody.
 */
export const usePreviewContext = (
  audience: DiffusionForm['audience'],
): { context: TemplateContext; recipient: string | null } => {
  const { t } = useTranslation();
  const { user } = useAccount();
  // The same audience keeps the same body, so the debounce below settles instead of restarting.
  const body = useMemo(() => audienceOf(audience), [audience]);
  const found = usePreviewRecipient(body).data ?? null;
  const contact = found ?? {
    full_name: t('diffusions.form.sampleFullName'),
    first_name: t('diffusions.form.sampleFirstName'),
    last_name: t('diffusions.form.sampleLastName'),
  };
  return {
    context: { contact, user: { name: user.name } },
    recipient: found && `${found.full_name || found.phone} (${found.phone})`,
  };
};

/** The text one recipient will read, and whose it is. */
export const MessagePreview = ({ text, recipient }: { text: string; recipient: string | null }) => {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography variant="overline" color="text.secondary">
        {t('diffusions.form.preview')}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="diffusion-preview-recipient">
        {recipient ? t('diffusions.form.previewFor', { recipient }) : t('diffusions.form.previewExample')}
      </Typography>
      <Paper
        variant="outlined"
        dir="auto"
        sx={{ p: 1.5, mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        data-testid="diffusion-preview"
      >
        {text}
      </Paper>
    </Box>
  );
};
