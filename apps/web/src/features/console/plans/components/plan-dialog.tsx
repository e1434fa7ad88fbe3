import { EXTRA_PRICE_TYPES, type Plan, planCreateSchema, QUOTA_TYPES } from '@conversa/domain';
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
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api-client';
import { notify } from '../../../../shared/notify';
import { SubmitButton } from '../../../../shared/ui/submit-button';
import { plansApi } from '../api/plans';
import { fieldErrorsOf } from '../catalogue-form';
import { type PlanForm, planForm, planInput } from '../plan-form';
import { PlanAccessField } from './plan-access-field';

const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/**
 * The master's plan dialog: planCreateSchema checks it before it is sent (the server checks it again and
 * its refusals, a code in use or a quantity below a company's use, show under the fields they name).
 */
export const PlanDialog = ({ plan, onClose }: { plan?: Plan; onClose: () => void }) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const save = plansApi.useSave();
  const [form, setForm] = useState<PlanForm>(() => planForm(plan));
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // Once a submit was tried, the rules follow every keystroke.
  const errors = {
    ...serverErrors,
    ...(wasSubmitted ? fieldErrorsOf(planCreateSchema, planInput(form)) : {}),
  };

  const change = (next: PlanForm) => {
    setForm(next);
    setServerErrors({});
  };

  const number = (path: string, value: string, onChange: (value: string) => void, label: string) => (
    <TextField
      size="small"
      type="number"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(errors[path])}
      helperText={errors[path]}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `plan-${path}`, min: 0 } }}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setWasSubmitted(true);
    setFailure(null);
    const input = planInput(form);
    if (Object.keys(fieldErrorsOf(planCreateSchema, input)).length > 0) return;
    save.mutate(
      { id: plan?.id, values: input },
      {
        onSuccess: () => {
          notify(t(plan ? 'plansAdmin.saved' : 'plansAdmin.created'), 'success');
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
      maxWidth="md"
      fullScreen={isPhone}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t(plan ? 'plansAdmin.edit' : 'plansAdmin.create')}</DialogTitle>
        <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
          {failure && (
            <Alert severity="error" data-testid="plan-form-error">
              {failure}
            </Alert>
          )}
          <Box sx={twoColumns}>
            {(['code', 'name'] as const).map((key) => (
              <TextField
                key={key}
                size="small"
                required
                label={t(`plansAdmin.form.${key}`)}
                value={form[key]}
                onChange={(event) => change({ ...form, [key]: event.target.value })}
                error={Boolean(errors[key])}
                helperText={errors[key] ?? (key === 'code' ? t('plansAdmin.form.codeHelp') : undefined)}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `plan-${key}` } }}
              />
            ))}
            {number(
              'duration_days',
              form.duration_days,
              (value) => change({ ...form, duration_days: value }),
              t('plansAdmin.form.duration_days'),
            )}
            <FormControlLabel
              control={
                <Switch
                  checked={form.is_public}
                  onChange={(_event, checked) => change({ ...form, is_public: checked })}
                  slotProps={{ input: { 'data-testid': 'plan-is_public' } as object }}
                />
              }
              label={t('plansAdmin.form.is_public')}
            />
          </Box>

          <Typography variant="subtitle2">{t('plansAdmin.form.prices')}</Typography>
          <Box sx={twoColumns}>
            {number(
              'price_clp',
              form.price_clp,
              (value) => change({ ...form, price_clp: value }),
              t('plansAdmin.form.planPriceIn', { currency: 'CLP' }),
            )}
            {number(
              'price_usd',
              form.price_usd,
              (value) => change({ ...form, price_usd: value }),
              t('plansAdmin.form.planPriceIn', { currency: 'USD' }),
            )}
            {EXTRA_PRICE_TYPES.flatMap((type) =>
              (['clp', 'usd'] as const).map((currency) =>
                number(
                  `extra_prices.${type}.${currency}`,
                  form.extra_prices[type][currency],
                  (value) =>
                    change({
                      ...form,
                      extra_prices: {
                        ...form.extra_prices,
                        [type]: { ...form.extra_prices[type], [currency]: value },
                      },
                    }),
                  t(`plansAdmin.form.extraPrice.${type}`, { currency: currency.toUpperCase() }),
                ),
              ),
            )}
          </Box>

          <Typography variant="subtitle2">{t('plansAdmin.form.quantities')}</Typography>
          <Box sx={twoColumns}>
            {QUOTA_TYPES.map((type) =>
              number(
                `quantities.${type}`,
                form.quantities[type],
                (value) => change({ ...form, quantities: { ...form.quantities, [type]: value } }),
                t(`plansAdmin.quota.${type}`),
              ),
            )}
          </Box>

          <PlanAccessField
            access={form.access}
            error={errors.access}
            onChange={(access) => change({ ...form, access })}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <SubmitButton isPending={save.isPending} data-testid="plan-submit">
            {t(plan ? 'plansAdmin.save' : 'plansAdmin.create')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
};
