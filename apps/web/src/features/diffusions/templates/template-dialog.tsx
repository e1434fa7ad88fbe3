import {
  type Device,
  TEMPLATE_BUTTON_TYPES,
  TEMPLATE_CATEGORIES,
  TEMPLATE_LIMITS,
  type Template,
  type TemplateButtonType,
  type TemplateCreateInput,
  templateContentOf,
  templateCreateSchema,
  templateUpdateSchema,
  variableCount,
} from '@conversa/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { type FieldPath, type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isAccountDevice, useAccount } from '../../../shared/account/use-account';
import { ApiError } from '../../../shared/api-client';
import { translateMessage } from '../../../shared/i18n';
import Add from '../../../shared/icons/Add';
import DeleteOutline from '../../../shared/icons/DeleteOutline';
import { notify } from '../../../shared/notify';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { TemplatePreview } from './template-preview';
import { useCreateTemplate, useUpdateTemplate } from './templates-api';

type TemplateButtonForm = { type: TemplateButtonType; text: string; url: string; phone_number: string };

export type TemplateForm = {
  device_id: string;
  name: string;
  language: string;
  category: string;
  header: string;
  header_example: string;
  body: string;
  body_examples: string[];
  footer: string;
  buttons: TemplateButtonForm[];
};

/** Templates are reviewed by WhatsApp Business: only its official devices can have them. */
export const isOfficialWhatsapp = (device: Device): boolean =>
  device.setting.conect.type === 'whatsapp' && device.mode === 'official';

/** What `template/create` takes: one example per body variable, no more. */
const inputOf = (form: TemplateForm): TemplateCreateInput => ({
  ...form,
  category: form.category as TemplateCreateInput['category'],
  body_examples: form.body_examples.slice(0, variableCount(form.body)),
});

const templateResolver: Resolver<TemplateForm> = async (values, context, options) => {
  const checked = await (zodResolver(templateCreateSchema) as unknown as Resolver<TemplateCreateInput>)(
    inputOf(values),
    context,
    options as never,
  );
  return Object.keys(checked.errors).length === 0
    ? { values, errors: {} }
    : { values: {}, errors: checked.errors as never };
};

type TemplateDialogProps = {
  isOpen: boolean;
  deviceId: string;
  onClose: () => void;
  /** The template to edit: its content changes, its device, name and language stay (WhatsApp's rule). */
  template?: Template | null;
};

/**
 * A new template for WhatsApp's review: the official device, name, language, category, a header with at
 * most one variable, the body with one example field per {{n}} it holds (found as it is typed), the
 * footer and the buttons, beside a live preview of the bubble.
 */
export const TemplateDialog = ({ isOpen, deviceId, onClose, template }: TemplateDialogProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  const devices = useAccount().list_device.filter(isAccountDevice).filter(isOfficialWhatsapp);
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const isPending = create.isPending || update.isPending;
  const [failure, setFailure] = useState<string | null>(null);
  const words = template ? 'templates.edit' : 'templates.create';
  const initial = (): TemplateForm =>
    template
      ? {
          device_id: template.device_id,
          name: template.name,
          language: template.language,
          category: template.category,
          ...templateContentOf(template.components),
        }
      : empty();
  const empty = (): TemplateForm => ({
    device_id: devices.some((device) => device.id === deviceId) ? deviceId : (devices[0]?.id ?? ''),
    name: '',
    language: '',
    category: 'MARKETING',
    header: '',
    header_example: '',
    body: '',
    body_examples: [],
    footer: '',
    buttons: [],
  });
  const form = useForm<TemplateForm>({
    resolver: templateResolver,
    mode: 'onTouched',
    defaultValues: initial(),
  });
  // Opened on another template (or for a new one): the form starts from that one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: initial() reads the template named here
  useEffect(() => {
    if (isOpen) form.reset(initial());
  }, [isOpen, template?.id]);
  const buttons = useFieldArray({ control: form.control, name: 'buttons' });
  const { errors } = form.formState;
  const values = form.watch();
  const variables = variableCount(values.body);
  const headerHasVariable = variableCount(values.header) > 0;

  const close = () => {
    setFailure(null);
    onClose();
  };
  const save = async (filled: TemplateForm) => {
    if (!template) {
      const created = await create.mutateAsync(templateCreateSchema.parse(inputOf(filled)));
      notify(t('templates.create.created', { name: created.name }), 'success');
      return;
    }
    const { device_id: _device, name: _name, language: _language, ...content } = inputOf(filled);
    await update.mutateAsync({ id: template.id, input: templateUpdateSchema.parse(content) });
    notify(t('templates.edit.updated', { name: template.name }), 'success');
  };
  const submit = form.handleSubmit(async (filled) => {
    setFailure(null);
    try {
      await save(filled);
      close();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      for (const issue of error.errors) {
        form.setError(issue.path as FieldPath<TemplateForm>, { message: issue.message });
      }
      setFailure(error.errors.length > 0 ? null : error.info || t('errors.generic'));
    }
  });

  /** The error of a field by its path (`body_examples.1`, `buttons.0.url`), translated. */
  const errorAt = (path: string): string | undefined => {
    const found = path.split('.').reduce<unknown>((node, key) => {
      return typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
    }, errors);
    const message = (found as { message?: string } | undefined)?.message;
    return translateMessage(message);
  };
  const field = (path: FieldPath<TemplateForm>, label: string, helper?: string) => {
    const error = errorAt(path);
    return {
      ...form.register(path),
      label,
      error: Boolean(error),
      helperText: error ?? helper,
      fullWidth: true,
      slotProps: { htmlInput: { 'data-testid': `template-${path.replaceAll('.', '-')}` } },
    };
  };

  return (
    <Dialog
      open={isOpen}
      onClose={isPending ? undefined : close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t(`${words}.title`, { name: template?.name ?? '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t(`${words}.text`)}</DialogContentText>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="template-create-error">
              {failure}
            </Alert>
          )}
          {!template && devices.length === 0 && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('templates.create.noDevice')}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
            <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
              <TextField
                select
                {...field('device_id', t('templates.create.device'))}
                value={values.device_id}
                disabled={Boolean(template)}
              >
                {devices.map((device) => (
                  <MenuItem key={device.id} value={device.id}>
                    {device.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                {...field('name', t('templates.create.name'), t('templates.create.nameHint'))}
                disabled={Boolean(template)}
              />
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
                <TextField
                  {...field('language', t('templates.create.language'), t('templates.create.languageHint'))}
                  disabled={Boolean(template)}
                />
                <TextField
                  select
                  {...field('category', t('templates.create.category'))}
                  value={values.category}
                  // WhatsApp never changes an approved template's category.
                  disabled={template?.status === 'APPROVED'}
                >
                  {TEMPLATE_CATEGORIES.map((category) => (
                    <MenuItem key={category} value={category}>
                      {t(`templates.categories.${category}`)}
                    </MenuItem>
                  ))}
                </TextField>
              </Box>
              <TextField {...field('header', t('templates.create.header'))} />
              {headerHasVariable && (
                <TextField {...field('header_example', t('templates.create.headerExample'))} />
              )}
              <TextField
                {...field(
                  'body',
                  t('templates.create.body'),
                  t('templates.create.bodyHint', { one: '{{1}}', two: '{{2}}' }),
                )}
                multiline
                minRows={3}
              />
              <Box data-testid="template-variables">
                <Typography variant="subtitle2">{t('templates.create.variables')}</Typography>
                {variables === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('templates.create.noVariables')}
                  </Typography>
                ) : (
                  <Box sx={{ display: 'grid', gap: 1.5, mt: 1 }}>
                    {Array.from({ length: variables }, (_, index) => (
                      <TextField
                        // biome-ignore lint/suspicious/noArrayIndexKey: a variable is its number
                        key={index}
                        size="small"
                        {...field(
                          `body_examples.${index}`,
                          t('templates.create.example', { number: index + 1 }),
                        )}
                      />
                    ))}
                  </Box>
                )}
              </Box>
              <TextField {...field('footer', t('templates.create.footer'))} />
              <Box sx={{ display: 'grid', gap: 1.5 }}>
                <Typography variant="subtitle2">{t('templates.create.buttons')}</Typography>
                {errorAt('buttons') && (
                  <Typography variant="caption" color="error">
                    {errorAt('buttons')}
                  </Typography>
                )}
                {buttons.fields.map((button, index) => (
                  <Box key={button.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                    <TextField
                      select
                      size="small"
                      sx={{ minInlineSize: 150 }}
                      {...field(`buttons.${index}.type`, t('templates.create.buttonType'))}
                      value={values.buttons[index]?.type ?? 'QUICK_REPLY'}
                    >
                      {TEMPLATE_BUTTON_TYPES.map((type) => (
                        <MenuItem key={type} value={type}>
                          {t(`templates.create.buttonTypes.${type}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                    <TextField
                      size="small"
                      {...field(`buttons.${index}.text`, t('templates.create.buttonText'))}
                    />
                    {values.buttons[index]?.type === 'URL' && (
                      <TextField size="small" {...field(`buttons.${index}.url`, t('templates.create.url'))} />
                    )}
                    {values.buttons[index]?.type === 'PHONE_NUMBER' && (
                      <TextField
                        size="small"
                        {...field(`buttons.${index}.phone_number`, t('templates.create.phone'))}
                      />
                    )}
                    <IconButton
                      aria-label={t('templates.create.removeButton')}
                      onClick={() => buttons.remove(index)}
                    >
                      <DeleteOutline />
                    </IconButton>
                  </Box>
                ))}
                <Button
                  startIcon={<Add />}
                  sx={{ justifySelf: 'start' }}
                  disabled={buttons.fields.length >= TEMPLATE_LIMITS.buttons}
                  onClick={() => buttons.append({ type: 'QUICK_REPLY', text: '', url: '', phone_number: '' })}
                  data-testid="template-add-button"
                >
                  {t('templates.create.addButton')}
                </Button>
              </Box>
            </Box>
            <TemplatePreview
              header={values.header}
              headerExample={values.header_example}
              body={values.body}
              bodyExamples={values.body_examples}
              footer={values.footer}
              buttons={values.buttons}
            />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isPending}>
            {t('common.cancel')}
          </Button>
          <SubmitButton
            isPending={isPending}
            disabled={!template && devices.length === 0}
            data-testid="template-create-submit"
          >
            {t(`${words}.submit`)}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
};
