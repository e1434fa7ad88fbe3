import { LOCALES } from '@conversa/domain';
import { FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client';
import { notify } from '../../../shared/notify';
import { FormDialog } from '../../../shared/ui/form-dialog';
import { useCreateClient, usePlanChoices } from './api/clients-api';
import {
  type ClientCreateForm,
  EMPTY_CLIENT_FORM,
  formFieldOf,
  toCreateInput,
  validateClientForm,
} from './client-form';
import { numberFormatItems, planItems, zoneOptions } from './client-options';
import { timeZones } from './time-zones';

type FieldErrors = Partial<Record<keyof ClientCreateForm, string>>;

/** A new company on a plan with its owner: a password, or an e-mail inviting the owner to choose one. */
export const CreateClientDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const create = useCreateClient();
  const plans = usePlanChoices();
  const zones = useMemo(() => timeZones(EMPTY_CLIENT_FORM.timezone), []);
  const [form, setForm] = useState<ClientCreateForm>(EMPTY_CLIENT_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const set = <K extends keyof ClientCreateForm>(key: K, value: ClientCreateForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const onError = (error: Error) => {
    if (!(error instanceof ApiError)) return setFailure(t('errors.generic'));
    const placed: FieldErrors = {};
    for (const issue of error.errors) {
      const field = formFieldOf(issue.path);
      if (field) placed[field] = issue.message;
    }
    if (Object.keys(placed).length > 0) setErrors(placed);
    else setFailure(error.info || t('errors.generic'));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const found = validateClientForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(toCreateInput(form), {
      onSuccess: (client) => {
        notify(t('consoleClients.created', { name: client.name }), 'success');
        onClose();
      },
      onError,
    });
  };

  const text = (key: keyof ClientCreateForm, label: string, extra: object = {}) => ({
    id: `client-${key}`,
    label,
    value: String(form[key]),
    onChange: (event: { target: { value: string } }) => set(key, event.target.value as never),
    error: Boolean(errors[key]),
    helperText: errors[key] ? t(errors[key]) : undefined,
    slotProps: { htmlInput: { 'data-testid': `client-${key}` }, inputLabel: { shrink: true } },
    ...extra,
  });

  return (
    <FormDialog
      isOpen
      title={t('consoleClients.newTitle')}
      text={t('consoleClients.newText')}
      failure={failure}
      isPending={create.isPending}
      canSubmit
      submitLabel={t('consoleClients.create')}
      testId="client-create"
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField {...text('company', t('consoleClients.field.company'))} required autoFocus />
      <TextField {...text('nameuser', t('consoleClients.field.owner'))} required />
      <TextField {...text('email', t('consoleClients.field.email'))} type="email" required />
      <FormControlLabel
        control={<Switch checked={form.isInvite} onChange={(_event, checked) => set('isInvite', checked)} />}
        label={t('consoleClients.invite')}
      />
      {!form.isInvite && (
        <TextField
          {...text('password', t('consoleClients.field.password'))}
          type="password"
          autoComplete="new-password"
          required
        />
      )}
      <TextField {...text('plan_id', t('consoleClients.field.plan'))} select required>
        {planItems(plans.data ?? [])}
      </TextField>
      <TextField
        {...text('expiresOn', t('consoleClients.field.expires'), {
          helperText: errors.expiresOn ? t(errors.expiresOn) : t('consoleClients.expiresHint'),
        })}
        type="date"
      />
      <TextField
        {...text('timezone', t('consoleClients.field.timezone'))}
        select
        slotProps={{
          select: { native: true },
          htmlInput: { 'data-testid': 'client-timezone' },
          inputLabel: { shrink: true },
        }}
      >
        {zoneOptions(zones)}
      </TextField>
      <TextField {...text('language', t('consoleClients.field.language'))} select>
        {LOCALES.map((code) => (
          <MenuItem key={code} value={code}>
            {t(`language.names.${code}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField {...text('format', t('consoleClients.field.numberFormat'))} select>
        {numberFormatItems(t)}
      </TextField>
    </FormDialog>
  );
};
