import { EXTRA_PRICE_TYPES, type Plan, planCreateSchema, QUOTA_TYPES } from '@conversa/domain';
import { Box, FormControlLabel, Switch, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AccessChecklist } from '../../shared/access-checklist';
import { CatalogueDialog, useCatalogueForm } from '../../shared/catalogue-dialog';
import { plansApi } from '../api/plans';
import { planForm, planInput } from '../plan-form';

const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/**
 * The master's plan dialog: planCreateSchema checks it before it is sent (the server checks it again and
 * its refusals, a code in use or a quantity below a company's use, show under the fields they name).
 */
export const PlanDialog = ({ plan, onClose }: { plan?: Plan; onClose: () => void }) => {
  const { t } = useTranslation();
  const save = plansApi.useSave();
  const { form, errors, failure, change, submit } = useCatalogueForm({
    initial: () => planForm(plan),
    inputOf: planInput,
    schema: planCreateSchema,
    save,
    id: plan?.id,
    savedText: plan ? 'plansAdmin.saved' : 'plansAdmin.created',
    onClose,
  });

  const number = (path: string, value: string, onChange: (value: string) => void, label: string) => (
    <TextField
      key={path}
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

  return (
    <CatalogueDialog
      title={t(plan ? 'plansAdmin.edit' : 'plansAdmin.create')}
      testId="plan"
      failure={failure}
      isPending={save.isPending}
      isWide
      submitLabel={t(plan ? 'plansAdmin.save' : 'plansAdmin.create')}
      onClose={onClose}
      onSubmit={submit}
    >
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
        <TextField
          size="small"
          type="number"
          label={t('storage.planQuota')}
          value={form.storage_gb}
          onChange={(event) => change({ ...form, storage_gb: event.target.value })}
          error={Boolean(errors['quantities.storage'])}
          helperText={errors['quantities.storage'] ?? t('storage.planQuotaHelp')}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'plan-quantities.storage', min: 0, step: 0.1 },
          }}
        />
      </Box>

      <AccessChecklist
        label={t('plansAdmin.form.access')}
        testId="plan-access"
        access={form.access}
        error={errors.access}
        onChange={(access) => change({ ...form, access })}
      />
    </CatalogueDialog>
  );
};
