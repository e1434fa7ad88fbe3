import { type TemplateButtonInput, type TemplateContext, templatePreview } from '@conversa/domain';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';

type TemplatePreviewProps = {
  header: string;
  headerExample: string;
  body: string;
  bodyExamples: readonly string[];
  footer: string;
  buttons: readonly TemplateButtonInput[];
};

/**
 * The template as a customer would see it, in a chat bubble: each variable shows its example, where
 * $fullname, $firstname, $lastname and $username read as a sample contact and the signed-in user.
 */
export const TemplatePreview = ({
  header,
  headerExample,
  body,
  bodyExamples,
  footer,
  buttons,
}: TemplatePreviewProps) => {
  const { t } = useTranslation();
  const { user } = useAccount();
  const firstName = t('templates.preview.firstName');
  const lastName = t('templates.preview.lastName');
  const context: TemplateContext = {
    contact: { first_name: firstName, last_name: lastName, full_name: `${firstName} ${lastName}` },
    user: { name: user.name },
  };
  return (
    <Box aria-label={t('templates.preview.title')} role="figure" data-testid="template-preview">
      <Typography variant="overline">{t('templates.preview.title')}</Typography>
      <Box
        sx={{
          bgcolor: 'background.default',
          borderRadius: 2,
          p: 2,
          display: 'flex',
          justifyContent: 'flex-start',
        }}
      >
        <Box
          sx={{
            bgcolor: 'background.paper',
            boxShadow: 1,
            borderRadius: 2,
            borderStartStartRadius: 0,
            p: 1.5,
            maxInlineSize: 320,
            minInlineSize: 160,
          }}
        >
          {header && (
            <Typography fontWeight={700} data-testid="template-preview-header">
              {templatePreview(header, [headerExample], context)}
            </Typography>
          )}
          <Typography sx={{ whiteSpace: 'pre-wrap' }} data-testid="template-preview-body">
            {templatePreview(body, bodyExamples, context)}
          </Typography>
          {footer && (
            <Typography variant="caption" color="text.secondary">
              {footer}
            </Typography>
          )}
          {buttons.map((button, index) => (
            <Typography
              // Buttons have no id of their own; their place in the list is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              color="primary"
              textAlign="center"
              sx={{ borderBlockStart: 1, borderColor: 'divider', mt: 1, pt: 1 }}
            >
              {button.text}
            </Typography>
          ))}
        </Box>
      </Box>
    </Box>
  );
};
