import { FEATURE_KINDS, type Feature, type FeatureKind, featureCreateSchema } from '@conversa/domain';
import { Box, FormControlLabel, Switch, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CatalogueDialog, useCatalogueForm } from '../../shared/catalogue-dialog';
import { featuresApi } from '../api/features';
import { featureForm, featureInput } from '../feature-form';

type TextKey = 'code' | 'name' | 'quantity' | 'price_clp' | 'price_usd';
const NUMBER_KEYS: readonly TextKey[] = ['quantity', 'price_clp', 'price_usd'];

/** The master's feature dialog, checked by featureCreateSchema before it is sent; the server's refusals show too. */
export const FeatureDialog = ({ feature, onClose }: { feature?: Feature; onClose: () => void }) => {
  const { t } = useTranslation();
  const save = featuresApi.useSave();
  const { form, errors, failure, change, submit } = useCatalogueForm({
    initial: () => featureForm(feature),
    inputOf: featureInput,
    schema: featureCreateSchema,
    save,
    id: feature?.id,
    savedText: feature ? 'featuresAdmin.saved' : 'featuresAdmin.created',
    onClose,
  });

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

  return (
    <CatalogueDialog
      title={t(feature ? 'featuresAdmin.edit' : 'featuresAdmin.create')}
      testId="feature"
      failure={failure}
      isPending={save.isPending}
      submitLabel={t(feature ? 'featuresAdmin.save' : 'featuresAdmin.create')}
      onClose={onClose}
      onSubmit={submit}
    >
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
    </CatalogueDialog>
  );
};
