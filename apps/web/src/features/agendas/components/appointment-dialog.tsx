import type { StandardConfig } from '@conversa/domain';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client';
import { translateMessage } from '../../../shared/i18n';
import { notify } from '../../../shared/notify';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useCreateAppointment } from '../api/appointments';
import {
  type AppointmentForm,
  appointmentInputOf,
  emptyAppointmentForm,
  fieldOf,
  validateAppointment,
} from '../appointment-form';
import { ContactField } from './contact-field';

type DialogProps = {
  integrationId: string;
  config: StandardConfig;
  timeZone: string;
  /** Where the new appointment starts: the slot clicked, or the next free hour. */
  at: { day: string; minutes: number };
  onClose: () => void;
};

const TWO_COLUMNS = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/**
 * A new appointment on the product's own agenda: an existing contact or a phone and name (the contact is
 * found or created by phone), its day and time on the company's clock, how long, with whom and where.
 */
export const AppointmentDialog = ({ integrationId, config, timeZone, at, onClose }: DialogProps) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const create = useCreateAppointment();
  const [form, setForm] = useState<AppointmentForm>(() => emptyAppointmentForm(config, at));
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const errors = { ...validateAppointment(form, integrationId, timeZone), ...serverErrors };
  const errorOf = (field: string) =>
    wasSubmitted || serverErrors[field] ? translateMessage(errors[field]) : undefined;
  const change = (patch: Partial<AppointmentForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setServerErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => !(field in patch))),
    );
  };

  const submit = async () => {
    setWasSubmitted(true);
    setFailure(null);
    if (Object.keys(validateAppointment(form, integrationId, timeZone)).length > 0) return;
    try {
      await create.mutateAsync(appointmentInputOf(form, integrationId, timeZone));
      notify(t('agendas.created'), 'success');
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setServerErrors(Object.fromEntries(error.errors.map((issue) => [fieldOf(issue.path), issue.message])));
      setFailure(error.info || t('errors.generic'));
    }
  };

  const text = (field: 'phone' | 'name' | 'duration' | 'specialty', extra: object = {}) => ({
    value: form[field],
    error: Boolean(errorOf(field)),
    helperText: errorOf(field),
    onChange: (event: { target: { value: string } }) => change({ [field]: event.target.value }),
    slotProps: { htmlInput: { 'data-testid': `appointment-${field}`, ...extra } },
  });

  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={isPhone}
      data-testid="appointment-dialog"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id={titleId}>{t('agendas.form.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          {failure && (
            <Alert severity="error" data-testid="appointment-dialog-error">
              {failure}
            </Alert>
          )}
          <ToggleButtonGroup
            exclusive
            size="small"
            value={form.contactMode}
            aria-label={t('agendas.form.patient')}
            onChange={(_event, mode: AppointmentForm['contactMode'] | null) =>
              mode && change({ contactMode: mode })
            }
            sx={{ mt: 1 }}
          >
            <ToggleButton value="existing" data-testid="appointment-existing">
              {t('agendas.form.existing')}
            </ToggleButton>
            <ToggleButton value="new" data-testid="appointment-new-patient">
              {t('agendas.form.newPatient')}
            </ToggleButton>
          </ToggleButtonGroup>
          {form.contactMode === 'existing' ? (
            <ContactField
              value={form.contact}
              error={errorOf('contact')}
              onChange={(contact) => change({ contact })}
            />
          ) : (
            <Box sx={TWO_COLUMNS}>
              <TextField
                required
                label={t('agendas.form.phone')}
                {...text('phone', { dir: 'ltr', inputMode: 'tel' })}
              />
              <TextField required label={t('agendas.form.name')} {...text('name')} />
            </Box>
          )}
          <Box sx={{ ...TWO_COLUMNS, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
            <TextField
              required
              type="date"
              label={t('agendas.form.date')}
              value={form.day}
              error={Boolean(errorOf('day'))}
              helperText={errorOf('day') ?? t('agendas.form.timeZone', { timezone: timeZone })}
              onChange={(event) => change({ day: event.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'appointment-day' } }}
            />
            <TextField
              required
              type="time"
              label={t('agendas.form.time')}
              value={form.time}
              onChange={(event) => change({ time: event.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'appointment-time' } }}
            />
            <TextField
              required
              label={t('agendas.form.duration')}
              {...text('duration', { inputMode: 'numeric' })}
            />
          </Box>
          <Box sx={TWO_COLUMNS}>
            <TextField
              select
              required
              label={t('agendas.form.professional')}
              value={form.specialist}
              error={Boolean(errorOf('specialist'))}
              helperText={errorOf('specialist')}
              onChange={(event) => {
                const chosen = config.professionals.find(
                  (professional) => professional.id === event.target.value,
                );
                change({ specialist: event.target.value, specialty: chosen?.specialty ?? form.specialty });
              }}
              slotProps={{
                select: { SelectDisplayProps: { 'data-testid': 'appointment-specialist' } as object },
              }}
            >
              {config.professionals.map((professional) => (
                <MenuItem key={professional.id} value={professional.id}>
                  {professional.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              required
              label={t('agendas.form.branch')}
              value={form.branch}
              error={Boolean(errorOf('branch'))}
              helperText={errorOf('branch')}
              onChange={(event) => change({ branch: event.target.value })}
              slotProps={{
                select: { SelectDisplayProps: { 'data-testid': 'appointment-branch' } as object },
              }}
            >
              {config.branches.map((branch) => (
                <MenuItem key={branch.id} value={branch.id}>
                  {branch.name}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <TextField label={t('agendas.form.specialty')} {...text('specialty')} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            {t('common.cancel')}
          </Button>
          <SubmitButton isPending={create.isPending} data-testid="appointment-dialog-submit">
            {t('agendas.form.create')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
};
