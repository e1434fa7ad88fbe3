import { addDays, canSendTemplates, type Device, localDayAndTime } from '@conversa/domain';
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
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isAccountDevice, useAccount } from '../../../shared/account/use-account';
import { ApiError } from '../../../shared/api-client';
import { translateMessage } from '../../../shared/i18n';
import { notify } from '../../../shared/notify';
import type { SchedulingIntegration } from '../../../shared/scheduling/scheduling-integrations';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useCreateRun } from '../api/confirmations';
import { emptyRunForm, errorKey, type RunForm, runInputOf, validateRun } from '../run-form';
import { RunMessageFields } from './run-message-fields';

const TWO_COLUMNS = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

const templatesOf = (device: Device | undefined): boolean =>
  device !== undefined && canSendTemplates({ mode: device.mode, type: device.setting.conect.type });

/** The form's field an error path belongs to (`parameters.1` to `parameters`). */
const partOf = (field: string): string => field.split('.')[0] ?? field;

const selectProps = (testId: string) => ({
  select: { SelectDisplayProps: { 'data-testid': testId } as object },
});

/**
 * A new run: which agenda and day (tomorrow by default, on the company's clock), from which device, what
 * the patients receive, and optionally when it starts by itself and until when answers count. A second
 * run for the same agenda and day is refused (409) and said so.
 */
export const RunDialog = ({
  integrations,
  onClose,
}: {
  integrations: readonly SchedulingIntegration[];
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const navigate = useNavigate();
  const account = useAccount();
  const devices = useMemo(() => account.list_device.filter(isAccountDevice), [account.list_device]);
  const connected = integrations.filter((integration) => integration.status === 'connected');
  const create = useCreateRun();
  const [form, setForm] = useState<RunForm>(() =>
    emptyRunForm({
      integration_id: connected.length === 1 ? (connected[0]?.id ?? '') : '',
      device_id: devices.length === 1 ? (devices[0]?.id ?? '') : '',
      date: addDays(localDayAndTime(new Date(), account.client.timezone).day, 1),
      message: t('confirmations.form.defaultMessage'),
    }),
  );
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const device = devices.find((item) => item.id === form.device_id);
  const errors = { ...validateRun(form), ...serverErrors };
  const errorOf = (field: string) =>
    wasSubmitted || serverErrors[field] ? translateMessage(errors[field]) : undefined;
  const change = (patch: Partial<RunForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setServerErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => !(partOf(field) in patch))),
    );
  };

  const submit = async () => {
    setWasSubmitted(true);
    setFailure(null);
    if (Object.keys(validateRun(form)).length > 0) return;
    try {
      const saved = await create.mutateAsync(runInputOf(form));
      notify(t('confirmations.created'), 'success');
      onClose();
      navigate(`/app/confirmations/${saved.id}`);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setServerErrors(
        Object.fromEntries(error.errors.map((issue) => [errorKey(issue.path.split('.')), issue.message])),
      );
      setFailure(
        error.status === 409 ? t('confirmations.form.duplicate') : error.info || t('errors.generic'),
      );
    }
  };

  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={isPhone}
      data-testid="run-dialog"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id={titleId}>{t('confirmations.form.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          {failure && (
            <Alert severity="error" data-testid="run-dialog-error">
              {failure}
            </Alert>
          )}
          <Box sx={{ ...TWO_COLUMNS, pt: 1 }}>
            <TextField
              select
              required
              label={t('confirmations.form.integration')}
              value={form.integration_id}
              error={Boolean(errorOf('integration_id'))}
              helperText={errorOf('integration_id') ?? t('confirmations.form.integrationHint')}
              onChange={(event) => change({ integration_id: event.target.value })}
              slotProps={selectProps('run-integration')}
            >
              {connected.map((integration) => (
                <MenuItem key={integration.id} value={integration.id}>
                  {integration.name} · {t(`settings.scheduling.types.${integration.type}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              required
              type="date"
              label={t('confirmations.form.date')}
              value={form.date}
              error={Boolean(errorOf('date'))}
              helperText={
                errorOf('date') ?? t('confirmations.form.dateHint', { timezone: account.client.timezone })
              }
              onChange={(event) => change({ date: event.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'run-date' } }}
            />
          </Box>
          <TextField
            select
            required
            label={t('confirmations.form.device')}
            value={form.device_id}
            error={Boolean(errorOf('device_id'))}
            helperText={errorOf('device_id')}
            onChange={(event) => {
              const next = devices.find((item) => item.id === event.target.value);
              change({
                device_id: event.target.value,
                template_id: '',
                parameters: [],
                ...(templatesOf(next) ? {} : { messageType: 'text' as const }),
              });
            }}
            slotProps={selectProps('run-device')}
          >
            {devices.map((item) => (
              <MenuItem key={item.id} value={item.id}>
                {item.name}
              </MenuItem>
            ))}
          </TextField>
          <RunMessageFields
            form={form}
            canUseTemplates={templatesOf(device)}
            errorOf={errorOf}
            onChange={change}
          />
          <Box sx={TWO_COLUMNS}>
            <TextField
              type="datetime-local"
              label={t('confirmations.form.sendAt')}
              value={form.send_at}
              error={Boolean(errorOf('send_at'))}
              helperText={errorOf('send_at') ?? t('confirmations.form.sendAtHint')}
              onChange={(event) => change({ send_at: event.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'run-send-at' } }}
            />
            <TextField
              type="datetime-local"
              label={t('confirmations.form.replyDeadline')}
              value={form.reply_deadline}
              error={Boolean(errorOf('reply_deadline'))}
              helperText={errorOf('reply_deadline') ?? t('confirmations.form.replyDeadlineHint')}
              onChange={(event) => change({ reply_deadline: event.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'run-reply-deadline' } }}
            />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            {t('common.cancel')}
          </Button>
          <SubmitButton isPending={create.isPending} data-testid="run-dialog-submit">
            {t('confirmations.form.create')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
};
