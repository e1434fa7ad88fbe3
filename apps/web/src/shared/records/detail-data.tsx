import { COUNTRIES } from '@conversa/domain';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  TextField,
  type TextFieldProps,
  Typography,
} from '@mui/material';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../ui/submit-button';
import { countryName } from './use-field-options';

/** One row of a record's read-only data: its label, its value, and whether it reads left to right (a phone). */
export type ReadOnlyRow = [label: string, value: string, isLtr?: boolean];

/** A record's data as a list of labels and values, for a person who may not edit it. */
const DataReadOnly = ({ rows }: { rows: readonly ReadOnlyRow[] }) => (
  <Box
    component="dl"
    sx={{
      m: 0,
      display: 'grid',
      gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
      rowGap: 1.5,
      columnGap: 2,
    }}
  >
    {rows.map(([label, value, isLtr]) => (
      <Box key={label} sx={{ display: 'contents' }}>
        <Typography component="dt" color="text.secondary">
          {label}
        </Typography>
        <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} dir={isLtr ? 'ltr' : undefined}>
          {value || '—'}
        </Typography>
      </Box>
    ))}
  </Box>
);

type DetailDataCardProps = {
  title: string;
  canEdit: boolean;
  /** What a person without the edit permission sees instead of the form. */
  readOnlyRows: () => readonly ReadOnlyRow[];
  /** The form. */
  children: ReactNode;
};

/** The card of a record's data: the form, or read-only rows under a notice for a person who may not edit. */
export const DetailDataCard = ({ title, canEdit, readOnlyRows, children }: DetailDataCardProps) => {
  const { t } = useTranslation();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {!canEdit ? (
          <Stack spacing={2}>
            <Alert severity="info">{t('recordDetail.readOnly')}</Alert>
            <DataReadOnly rows={readOnlyRows()} />
          </Stack>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
};

type DataFormActionsProps = {
  isDirty: boolean;
  isPending: boolean;
  /** False while the form holds an error the save would be refused for. */
  canSave?: boolean;
  onDiscard: () => void;
  saveTestId: string;
};

/** Discard and Save under a record's data form; both wait for a change. */
export const DataFormActions = ({
  isDirty,
  isPending,
  canSave = true,
  onDiscard,
  saveTestId,
}: DataFormActionsProps) => {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <Button disabled={!isDirty || isPending} onClick={onDiscard}>
        {t('recordDetail.discard')}
      </Button>
      <SubmitButton isPending={isPending} disabled={!isDirty || !canSave} data-testid={saveTestId}>
        {t('recordDetail.save')}
      </SubmitButton>
    </Stack>
  );
};

/** The phone example of the hint under a phone field: a whole Chilean mobile, else the country's code. */
export const phoneExampleOf = (countryCode: string | undefined): string => {
  const country = COUNTRIES.find((item) => item.code === countryCode);
  return country?.code === 'CL' ? '56912345678' : `${country?.dial ?? ''}…`;
};

type CountrySelectProps = Omit<TextFieldProps, 'select' | 'value' | 'onChange' | 'children'> & {
  value: string;
  onChange: (code: string) => void;
};

/** A country picker listing every country by its name in the person's language, with its dialling code. */
export const CountrySelect = ({ value, onChange, ...props }: CountrySelectProps) => {
  const { t, i18n } = useTranslation();
  const countries = useMemo(
    () =>
      COUNTRIES.map((item) => ({ ...item, name: countryName(item.code, i18n.language) })).sort((a, b) =>
        a.name.localeCompare(b.name, i18n.language),
      ),
    [i18n.language],
  );
  return (
    <TextField
      select
      label={t('records.field.country')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      {...props}
    >
      {countries.map((item) => (
        <MenuItem key={item.code} value={item.code}>
          {item.name} (+{item.dial})
        </MenuItem>
      ))}
    </TextField>
  );
};
