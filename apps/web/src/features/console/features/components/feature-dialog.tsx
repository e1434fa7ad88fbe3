import { FEATURE_KINDS, type Feature, type FeatureKind, featureCreateSchema } from '@conversa/domain';
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
import { ApiError } from '../../../../shared/api-client';
import { notify } from '../../../../shared/notify';
import { SubmitButton } from '../../../../shared/ui/submit-button';
import { fieldErrorsOf } from '../../plans/catalogue-form';
import { featuresApi } from '../api/features';
import { type FeatureForm, featureForm, featureInput } from '../feature-form';

type TextKey = 'code' | 'name' | 'quantity' | 'price_clp' | 'price_usd';
const NUMBER_KEYS: readonly TextKey[] = ['quantity', 'price_clp', 'price_usd'];

/** The master's feature dialog, checked by featureCreateSchema before it is sent; the server's refusals show too. */
export const FeatureDialog = ({ feature, onClose }: { feature?: Feature; onClose: () => void }) => {
  const { t } = useTranslation();
  const titleId = useId();
  const save = featuresApi.useSave();
  const [form, setForm] = useState<FeatureForm>(() => featureForm(feature));
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const errors = {
    ...serverErrors,
    ...(wasSubmitted ? fieldErrorsOf(featureCreateSchema, featureInput(form)) : {}),
  };

  const change = (next: FeatureForm) => {
    setForm(next);
    setServerErrors({});
  };

  const field = (key: TextKey, label: string) => ({
    size: 'small' as const,
    label,
    value: form[key],
    type: NUMBER_KEYS.includes(key) ? 'number' : 'text',
    onChange: (event: { target: { value: string } }) => change({ ...form, [key]: event.target.value }),
    error: Boolean(errors[key]),
    helperText: errors[key],
    slotProps: { inputLabel: { shrink: true }, htmlInput: { 'data-testid': `feature-${key}` } },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setWasSubmitted(true);
    setFailure(null);
    const input = featureInput(form);
    if (Object.keys(fieldErrorsOf(featureCreateSchema, input)).length > 0) return;
    save.mutate(
      { id: feature?.id, values: input },
      {
        onSuccess: () => {
          notify(t(feature ? 'featuresAdmin.saved' : 'featuresAdmin.created'), 'success');
          onClose();
        },
        onError: (error) => {
          const apiError = error instanceof ApiError ? error : null;
          setFailure(apiError?.info ?? t('errors.generic'));
          setServerErrors(
            Object.fromEntries((apiError?.errors ?? []).map((issue) => [issue.path, issue.message])),
          );
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
        <DialogTitle id={titleId}>{t(feature ? 'featuresAdmin.edit' : 'featuresAdmin.create')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {failure && (
            <Alert severity="error" data-testid="feature-form-error">
              {failure}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField {...field('code', t('plansAdmin.form.code'))} required />
            <TextField {...field('name', t('plansAdmin.form.name'))} required />
            <TextField
              size="small"
              select
              label={t('featuresAdmin.form.kind')}
              value={form.kind}
              onChange={(event) => change({ ...form, kind: event.target.value as FeatureKind })}
              slotProps={{
                inputLabel: { shrink: true },
                select: { native: true },
                htmlInput: { 'data-testid': 'feature-kind' },
              }}
            >
              {FEATURE_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`featuresAdmin.kind.${kind}`)}
                </option>
              ))}
            </TextField>
            <TextField {...field('quantity', t('featuresAdmin.form.quantity'))} required />
            <TextField {...field('price_clp', t('plansAdmin.column.priceIn', { currency: 'CLP' }))} />
            <TextField {...field('price_usd', t('plansAdmin.column.priceIn', { currency: 'USD' }))} />
          </Box>
          <FormControlLabel
            control={
              <Switch
                checked={form.is_public}
                onChange={(_event, checked) => change({ ...form, is_public: checked })}
                slotProps={{ input: { 'data-testid': 'feature-is_public' } as object }}
              />
            }
            label={t('featuresAdmin.form.is_public')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <SubmitButton isPending={save.isPending} data-testid="feature-submit">
            {t(feature ? 'featuresAdmin.save' : 'featuresAdmin.create')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
};
