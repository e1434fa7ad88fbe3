import { Box, Button, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import Add from '../../../../shared/icons/Add';
import DeleteOutline from '../../../../shared/icons/DeleteOutline';
import {
  type BranchRow,
  freeId,
  newBranch,
  newProfessional,
  type ProfessionalRow,
  type SchedulingForm,
} from './scheduling-form';

type FieldsProps = {
  form: SchedulingForm;
  errorOf: (at: string) => string | undefined;
  onChange: (at: string, patch: Partial<SchedulingForm>) => void;
};

type ListKey = 'professionals' | 'branches';
type Column = { key: 'id' | 'name' | 'specialty'; width?: number };

const COLUMNS: Record<ListKey, Column[]> = {
  professionals: [{ key: 'id', width: 110 }, { key: 'name' }, { key: 'specialty' }],
  branches: [{ key: 'id', width: 110 }, { key: 'name' }],
};

/** One editable list of the Standard agenda: its rows, each with its fields and a remove button, and Add. */
const EditableList = <Row extends ProfessionalRow | BranchRow>({
  list,
  rows,
  errorOf,
  onRows,
  newRow,
}: {
  list: ListKey;
  rows: Row[];
  errorOf: (at: string) => string | undefined;
  onRows: (rows: Row[]) => void;
  newRow: () => Row;
}) => {
  const { t } = useTranslation();
  const at = `config.${list}`;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid={`standard-${list}`}>
      <Typography variant="subtitle2" component="h3">
        {t(`settings.scheduling.standard.${list}`)}
      </Typography>
      {errorOf(at) && (
        <Typography variant="caption" color="error">
          {errorOf(at)}
        </Typography>
      )}
      {rows.map((row, index) => (
        <Box
          key={row.key}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
          data-testid={`standard-${list}-row`}
        >
          {COLUMNS[list].map(({ key, width }) => {
            const field = `${at}.${index}.${key}`;
            return (
              <TextField
                key={key}
                size="small"
                required={key !== 'specialty'}
                label={t(`settings.scheduling.standard.${key}`)}
                value={(row as Record<string, string>)[key] ?? ''}
                error={Boolean(errorOf(field))}
                helperText={errorOf(field)}
                onChange={(event) =>
                  onRows(
                    rows.map((item, place) =>
                      place === index ? { ...item, [key]: event.target.value } : item,
                    ),
                  )
                }
                sx={width ? { width: { xs: '100%', sm: width }, flexShrink: 0 } : { flex: 1, minWidth: 140 }}
                slotProps={{
                  htmlInput: {
                    'data-testid': `standard-${list}-${key}`,
                    ...(key === 'id' ? { dir: 'ltr' } : {}),
                  },
                }}
              />
            );
          })}
          <Tooltip title={t(`settings.scheduling.standard.remove.${list}`)}>
            <span>
              <IconButton
                aria-label={t(`settings.scheduling.standard.remove.${list}`)}
                disabled={rows.length === 1}
                onClick={() => onRows(rows.filter((_row, place) => place !== index))}
              >
                <DeleteOutline />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
      ))}
      <Button
        startIcon={<Add />}
        onClick={() => onRows([...rows, newRow()])}
        sx={{ justifySelf: 'start' }}
        data-testid={`standard-add-${list}`}
      >
        {t(`settings.scheduling.standard.add.${list}`)}
      </Button>
    </Box>
  );
};

/**
 * The product's own agenda: its professionals (with their specialty) and branches, each with an id the
 * appointments keep, and how long a slot lasts. It connects to nothing outside, so it is always connected.
 */
export const StandardFields = ({ form, errorOf, onChange }: FieldsProps) => {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        required
        label={t('settings.scheduling.config.slot_minutes')}
        value={form.slot_minutes}
        error={Boolean(errorOf('config.slot_minutes'))}
        helperText={errorOf('config.slot_minutes') ?? t('settings.scheduling.slotHint')}
        onChange={(event) => onChange('config.slot_minutes', { slot_minutes: event.target.value })}
        sx={{ maxWidth: 240 }}
        slotProps={{ htmlInput: { 'data-testid': 'scheduling-slot_minutes', inputMode: 'numeric' } }}
      />
      <EditableList
        list="professionals"
        rows={form.professionals}
        errorOf={errorOf}
        onRows={(professionals) => onChange('config.professionals', { professionals })}
        newRow={() => newProfessional(freeId('p', form.professionals))}
      />
      <EditableList
        list="branches"
        rows={form.branches}
        errorOf={errorOf}
        onRows={(branches) => onChange('config.branches', { branches })}
        newRow={() => newBranch(freeId('b', form.branches))}
      />
    </>
  );
};
