import { fillPlaceholders } from '@conversa/domain';
import { Box, MenuItem, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import DescriptionOutlined from '../../../shared/icons/DescriptionOutlined';
import { EmptyState } from '../../../shared/ui/empty-state';
import type { ChatTemplate } from '../api/get-templates';
import type { TemplateSend } from '../api/send-template';

export type TemplateDraft = { templateId: string; parameters: string[] };

export const EMPTY_TEMPLATE_DRAFT: TemplateDraft = { templateId: '', parameters: [] };

const parametersOf = (template: ChatTemplate | undefined) =>
  template?.schema?.template?.components?.[0]?.parameters ?? [];

/** Send is allowed only with a template chosen and every parameter filled (spec section 5). */
export const isTemplateDraftComplete = (draft: TemplateDraft): boolean =>
  draft.templateId !== '' && draft.parameters.every((text) => text.trim() !== '');

export const templateOf = (
  templates: ChatTemplate[],
  draft: TemplateDraft,
): TemplateSend['template'] | null => {
  const template = templates.find((item) => item.id === draft.templateId);
  if (!template) return null;
  const language = template.schema?.template?.language;
  return {
    name: template.schema?.template?.name ?? template.name,
    language: (typeof language === 'string' ? language : language?.code) ?? template.language ?? 'es',
    components: [
      {
        type: template.schema?.template?.components?.[0]?.type ?? 'body',
        parameters: draft.parameters.map((text) => ({ type: 'text' as const, text })),
      },
    ],
  };
};

/** Choose a template, fill its parameters and see the text the customer will get. */
export const TemplateEditor = ({
  templates,
  isLoading,
  draft,
  onChange,
  preview,
}: {
  templates: ChatTemplate[];
  isLoading: boolean;
  draft: TemplateDraft;
  onChange: (draft: TemplateDraft) => void;
  preview: { full_name: string; first_name: string; last_name: string; userName: string };
}) => {
  const { t } = useTranslation();
  if (isLoading) return <Skeleton variant="rounded" height={56} />;
  if (templates.length === 0) {
    return (
      <EmptyState
        icon={DescriptionOutlined}
        title={t('chat.templates.empty')}
        description={t('chat.templates.emptyHelp')}
      />
    );
  }
  const template = templates.find((item) => item.id === draft.templateId);
  const context = {
    contact: { full_name: preview.full_name, first_name: preview.first_name, last_name: preview.last_name },
    user: { name: preview.userName },
  };
  let previewText = template?.example ?? '';
  draft.parameters.forEach((text, index) => {
    previewText = previewText.replaceAll(
      `{{${index + 1}}}`,
      fillPlaceholders(text, context) || `{{${index + 1}}}`,
    );
  });
  return (
    <Stack spacing={2}>
      <TextField
        select
        label={t('chat.templates.choose')}
        value={draft.templateId}
        onChange={(event) => {
          const chosen = templates.find((item) => item.id === event.target.value);
          onChange({
            templateId: event.target.value,
            parameters: parametersOf(chosen).map((parameter) => parameter.text),
          });
        }}
      >
        {templates.map((item) => (
          <MenuItem key={item.id} value={item.id}>
            {item.name}
          </MenuItem>
        ))}
      </TextField>
      {draft.parameters.map((text, index) => (
        <TextField
          // biome-ignore lint/suspicious/noArrayIndexKey: parameters are positional ({{1}}, {{2}}…)
          key={index}
          label={t('chat.templates.parameter', { number: index + 1 })}
          value={text}
          required
          error={text.trim() === ''}
          helperText={t('chat.templates.placeholders')}
          onChange={(event) => {
            const parameters = [...draft.parameters];
            parameters[index] = event.target.value;
            onChange({ ...draft, parameters });
          }}
        />
      ))}
      {template && (
        <Box>
          <Typography variant="overline" color="text.secondary">
            {t('chat.templates.preview')}
          </Typography>
          <Paper variant="outlined" sx={{ p: 1.5, whiteSpace: 'pre-wrap' }} data-testid="template-preview">
            {previewText ||
              draft.parameters.map((text) => fillPlaceholders(text, context)).join('\n') ||
              template.name}
          </Paper>
        </Box>
      )}
    </Stack>
  );
};
