import type { Diffusion } from '@conversa/domain';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  MenuItem,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isAccountDevice, useAccount } from '../../../shared/account/use-account';
import { ApiError } from '../../../shared/api-client';
import { translateMessage } from '../../../shared/i18n';
import { notify } from '../../../shared/notify';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { importRecipients, useCreateDiffusion, useUpdateDiffusion } from '../api/diffusions';
import { type DiffusionForm, emptyForm, type FormErrors, formOf, inputOf, validate } from '../diffusion-form';
import { AudienceSection } from './audience-section';
import { MessageSection } from './message-section';
import { PacingSection } from './pacing-section';
import { ScheduleSection } from './schedule-section';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" sx={{ display: 'grid', gap: 2 }}>
    <Divider />
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

/** The first part of an error's path: a field's error shows once its part was changed or a save was tried. */
const partOf = (path: string) => path.split('.')[0] ?? path;

/**
 * Creates or changes a diffusion: name and device, audience, message, schedule and send window, pacing.
 * The domain's rules check it as the person types; a new one opens its page, with the CSV's recipients
 * imported when a file was chosen.
 */
export const DiffusionDialog = ({
  isOpen,
  diffusion,
  onClose,
}: {
  isOpen: boolean;
  /** The diffusion to change; without one the dialog makes a new draft. */
  diffusion?: Diffusion;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const navigate = useNavigate();
  const account = useAccount();
  const devices = useMemo(() => account.list_device.filter(isAccountDevice), [account.list_device]);
  const create = useCreateDiffusion();
  const update = useUpdateDiffusion();
  const [form, setForm] = useState<DiffusionForm>(emptyForm());
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isImporting, setIsImporting] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts again from the diffusion
  useEffect(() => {
    if (!isOpen) return;
    setForm(diffusion ? formOf(diffusion) : emptyForm(devices.length === 1 ? devices[0]?.id : ''));
    setFile(null);
    setTouched(new Set());
    setWasSubmitted(false);
    setServerErrors({});
    setFailure(null);
  }, [isOpen]);

  const allErrors = { ...serverErrors, ...validate(form) };
  const shown: FormErrors = Object.fromEntries(
    Object.entries(allErrors).filter(([path]) => wasSubmitted || touched.has(partOf(path))),
  );
  // Stable, so a section that did not change is not drawn again at each key press (memo below).
  const change = useCallback((patch: Partial<DiffusionForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setTouched((current) => new Set([...current, ...Object.keys(patch)]));
    setServerErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([path]) => !(partOf(path) in patch))),
    );
  }, []);
  const changeAudience = useCallback((audience: DiffusionForm['audience']) => change({ audience }), [change]);
  const changeMessage = useCallback((message: DiffusionForm['message']) => change({ message }), [change]);
  const isPending = create.isPending || update.isPending || isImporting;

  const importFile = async (id: string, csv: File) => {
    setIsImporting(true);
    try {
      notify(await importRecipients(id, csv), 'success');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      notify(error.info, 'error');
    } finally {
      setIsImporting(false);
    }
  };

  const submit = async () => {
    setWasSubmitted(true);
    setFailure(null);
    if (Object.keys(validate(form)).length > 0) return;
    try {
      const input = inputOf(form);
      const saved = diffusion
        ? await update.mutateAsync({ id: diffusion.id, input })
        : await create.mutateAsync(input);
      notify(t(diffusion ? 'diffusions.updated' : 'diffusions.created'), 'success');
      // The diffusion is saved whatever the file's fate: a refused CSV is reported, never saved twice.
      if (file) await importFile(saved.id, file);
      onClose();
      if (!diffusion) navigate(`/app/diffusions/${saved.id}`);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setServerErrors(Object.fromEntries(error.errors.map((issue) => [issue.path, issue.message])));
      setFailure(error.info);
    }
  };

  return (
    <Dialog
      open={isOpen}
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={isPhone}
      data-testid="diffusion-dialog"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id={titleId}>
          {t(diffusion ? 'diffusions.form.editTitle' : 'diffusions.form.newTitle')}
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 3 }}>
          {failure && (
            <Alert severity="error" data-testid="diffusion-dialog-error">
              {failure}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
            <TextField
              required
              autoFocus
              label={t('diffusions.form.name')}
              value={form.name}
              error={Boolean(shown.name)}
              helperText={translateMessage(shown.name)}
              onChange={(event) => change({ name: event.target.value })}
              slotProps={{ htmlInput: { 'data-testid': 'diffusion-name', maxLength: 120 } }}
            />
            <TextField
              select
              required
              label={t('diffusions.form.device')}
              value={form.device_id}
              error={Boolean(shown.device_id)}
              helperText={translateMessage(shown.device_id)}
              onChange={(event) =>
                change({
                  device_id: event.target.value,
                  message: { ...form.message, template_id: '', parameters: [] },
                })
              }
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'diffusion-device' } as object } }}
            >
              {devices.map((device) => (
                <MenuItem key={device.id} value={device.id} data-testid={`diffusion-device-${device.id}`}>
                  {device.name}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <Section title={t('diffusions.form.audience')}>
            <AudienceSection
              audience={form.audience}
              onChange={changeAudience}
              file={file}
              onFile={setFile}
            />
          </Section>
          <Section title={t('diffusions.form.message')}>
            <MessageSection
              deviceId={form.device_id}
              audience={form.audience}
              message={form.message}
              errors={shown}
              onChange={changeMessage}
            />
          </Section>
          <Section title={t('diffusions.form.when')}>
            <ScheduleSection form={form} errors={shown} onChange={change} />
          </Section>
          <Section title={t('diffusions.form.pace')}>
            <PacingSection form={form} errors={shown} onChange={change} />
          </Section>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isPending}>
            {t('common.cancel')}
          </Button>
          <SubmitButton isPending={isPending} data-testid="diffusion-dialog-submit">
            {t(diffusion ? 'diffusions.form.save' : 'diffusions.form.create')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
};
