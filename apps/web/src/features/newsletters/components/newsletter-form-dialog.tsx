import { NEWSLETTER_CATEGORIES, NEWSLETTER_STATUSES, type Newsletter } from '@conversa/domain';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Switch,
  TextField,
} from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client';
import { notify } from '../../../shared/notify';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useSaveNewsletter } from '../api/newsletters';
import {
  type NewsletterForm,
  newsletterForm,
  newsletterInput,
  POPUP_SIZE,
  validateNewsletter,
} from '../newsletter-form';
import { PopupItemsFields } from './popup-items-fields';

type TextKey = 'title' | 'release_date' | 'show_login_date' | 'description' | 'issues' | 'width' | 'height';

/**
 * The master's create and edit dialog. The domain's rules are checked before sending, each field's error
 * under it in the interface language; what only the server can tell shows under the fields it names too.
 */
export const NewsletterFormDialog = ({
  newsletter,
  onClose,
}: {
  /** The newsletter to edit; undefined to create one. */
  newsletter?: Newsletter;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveNewsletter();
  const [form, setForm] = useState<NewsletterForm>(() => newsletterForm(newsletter));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const set = <K extends keyof NewsletterForm>(key: K, value: NewsletterForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  // The pop-up's size is named popup.width and popup.height by the server.
  const errorOf = (key: TextKey) => errors[key === 'width' || key === 'height' ? `popup.${key}` : key];

  const field = (key: TextKey, help?: string) => ({
    size: 'small' as const,
    label: t(`newsletters.form.${key}`),
    value: form[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
    error: Boolean(errorOf(key)),
    helperText: errorOf(key) ?? help,
    slotProps: {
      inputLabel: { shrink: true },
      htmlInput: { 'data-testid': `newsletter-${key}` },
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const invalid = validateNewsletter(form);
    setErrors(
      Object.fromEntries(Object.entries(invalid).map(([path, error]) => [path, t(error.key, error.values)])),
    );
    if (Object.keys(invalid).length > 0) return;
    save.mutate(
      { id: newsletter?.id, values: newsletterInput(form) },
      {
        onSuccess: () => {
          notify(t(newsletter ? 'newsletters.saved' : 'newsletters.created'), 'success');
          onClose();
        },
        onError: (error) => {
          const apiError = error instanceof ApiError ? error : null;
          setFailure(apiError?.info ?? t('errors.generic'));
          setErrors(Object.fromEntries((apiError?.errors ?? []).map((issue) => [issue.path, issue.message])));
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t(newsletter ? 'newsletters.edit' : 'newsletters.create')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {failure && (
            <Alert severity="error" data-testid="newsletter-form-error">
              {failure}
            </Alert>
          )}
          <TextField {...field('title')} required autoFocus />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              size="small"
              select
              label={t('newsletters.form.category')}
              value={form.category}
              onChange={(event) => set('category', event.target.value as NewsletterForm['category'])}
              slotProps={{
                select: { native: true },
                htmlInput: { 'data-testid': 'newsletter-category-select' },
              }}
            >
              {NEWSLETTER_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`newsletters.category.${category}`)}
                </option>
              ))}
            </TextField>
            <TextField
              size="small"
              select
              label={t('newsletters.form.status')}
              value={form.status}
              onChange={(event) => set('status', event.target.value as NewsletterForm['status'])}
              slotProps={{
                select: { native: true },
                htmlInput: { 'data-testid': 'newsletter-status-select' },
              }}
            >
              {NEWSLETTER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`newsletters.status.${status}`)}
                </option>
              ))}
            </TextField>
            <TextField {...field('release_date')} type="date" required />
            <TextField
              {...field('show_login_date', t('newsletters.form.showLoginHelp'))}
              type="datetime-local"
            />
          </Box>
          <TextField {...field('description')} multiline minRows={3} />
          <TextField {...field('issues', t('newsletters.form.issuesHelp'))} multiline minRows={2} />
          <FormControlLabel
            control={
              <Switch
                checked={form.hasPopup}
                onChange={(event) => set('hasPopup', event.target.checked)}
                slotProps={{ input: { 'data-testid': 'newsletter-has-popup' } as object }}
              />
            }
            label={t('newsletters.form.hasPopup')}
          />
          {form.hasPopup && (
            <>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
                {(['width', 'height'] as const).map((side) => {
                  const props = field(side);
                  return (
                    <TextField
                      key={side}
                      {...props}
                      type="number"
                      required
                      slotProps={{
                        ...props.slotProps,
                        htmlInput: { ...props.slotProps.htmlInput, ...POPUP_SIZE[side], step: 1 },
                      }}
                    />
                  );
                })}
              </Box>
              {errors['popup.items'] && <Alert severity="error">{errors['popup.items']}</Alert>}
              <PopupItemsFields
                items={form.items}
                errors={errors}
                onChange={(items) => set('items', items)}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <SubmitButton isPending={save.isPending} data-testid="newsletter-submit">
            {t('newsletters.save')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
};
