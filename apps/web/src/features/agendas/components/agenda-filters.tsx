import { APPOINTMENT_STATUSES } from '@conversa/domain';
import { Box, MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SchedulingIntegration } from '../../../shared/scheduling/scheduling-integrations';

export type AgendaFilterValues = { specialist: string; branch: string; status: string };
export type NamedOption = { id: string; name: string };

type FiltersProps = {
  /** The company's agendas; null when the person may not read them (no setting.view). */
  integrations: readonly SchedulingIntegration[] | null;
  integrationId: string;
  onIntegration: (id: string) => void;
  professionals: readonly NamedOption[];
  branches: readonly NamedOption[];
  values: AgendaFilterValues;
  onChange: (values: AgendaFilterValues) => void;
};

const selectProps = (testId: string) => ({
  select: { SelectDisplayProps: { 'data-testid': testId } as object },
});

/** Which agenda, and which professional, branch and state the calendar shows ("All" by default). */
export const AgendaFilters = ({
  integrations,
  integrationId,
  onIntegration,
  professionals,
  branches,
  values,
  onChange,
}: FiltersProps) => {
  const { t } = useTranslation();
  const all = <MenuItem value="">{t('agendas.filters.all')}</MenuItem>;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {integrations && (
        <TextField
          select
          size="small"
          label={t('agendas.filters.integration')}
          value={integrationId}
          onChange={(event) => onIntegration(event.target.value)}
          slotProps={selectProps('agenda-integration')}
        >
          {integrations.length > 1 && all}
          {integrations.map((integration) => (
            <MenuItem key={integration.id} value={integration.id}>
              {integration.name} · {t(`settings.scheduling.types.${integration.type}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        select
        size="small"
        label={t('agendas.filters.professional')}
        value={values.specialist}
        onChange={(event) => onChange({ ...values, specialist: event.target.value })}
        slotProps={selectProps('agenda-professional')}
      >
        {all}
        {professionals.map((option) => (
          <MenuItem key={option.id} value={option.id}>
            {option.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('agendas.filters.branch')}
        value={values.branch}
        onChange={(event) => onChange({ ...values, branch: event.target.value })}
        slotProps={selectProps('agenda-branch')}
      >
        {all}
        {branches.map((option) => (
          <MenuItem key={option.id} value={option.id}>
            {option.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('agendas.filters.status')}
        value={values.status}
        onChange={(event) => onChange({ ...values, status: event.target.value })}
        slotProps={selectProps('agenda-status')}
      >
        {all}
        {APPOINTMENT_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`agendas.status.${status}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
};
