import {
  CLIENT_PERMISSIONS,
  type ClientUpdateInput,
  type ConsoleClient,
  NUMBER_FORMATS,
} from '@conversa/domain';
import { TextField } from '@mui/material';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client';
import { notify } from '../../../shared/notify';
import { FormDialog } from '../../../shared/ui/form-dialog';
import { numberFormatCodeOf } from '../../settings/company/number-format';
import { AccessChecklist } from '../shared/access-checklist';
import { usePlanChoices, useUpdateClient } from './api/clients-api';
import { dayOf, expiryOf } from './client-form';
import { numberFormatItems, planItems, zoneOptions } from './client-options';
import { timeZones } from './time-zones';

type EditForm = { plan_id: string; expiresOn: string; access: string[]; format: string; timezone: string };

const formOf = (client: ConsoleClient): EditForm => ({
  plan_id: client.plan_id ?? '',
  expiresOn: dayOf(client.plan_expires_at),
  access: client.access,
  format: numberFormatCodeOf(client.number_format) ?? '',
  timezone: client.timezone,
});

const sameKeys = (a: string[], b: string[]) => a.length === b.length && a.every((key) => b.includes(key));

/** Only what the master changed is sent; another plan brings its own access unless the list was edited. */
export const changesOf = (form: EditForm, saved: EditForm): ClientUpdateInput => ({
  ...(form.plan_id && form.plan_id !== saved.plan_id ? { plan_id: form.plan_id } : {}),
  ...(form.expiresOn !== saved.expiresOn ? { plan_expires_at: expiryOf(form.expiresOn) } : {}),
  ...(!sameKeys(form.access, saved.access)
    ? { access: CLIENT_PERMISSIONS.filter((key) => form.access.includes(key)) }
    : {}),
  ...(form.format && form.format !== saved.format
    ? { number_format: NUMBER_FORMATS[form.format as keyof typeof NUMBER_FORMATS] }
    : {}),
  ...(form.timezone !== saved.timezone ? { timezone: form.timezone } : {}),
});

/** The master edits a company's plan, expiry, access list, number format and time zone. */
export const EditClientDialog = ({ client, onClose }: { client: ConsoleClient; onClose: () => void }) => {
  const { t } = useTranslation();
  const update = useUpdateClient();
  const plans = usePlanChoices();
  const saved = useMemo(() => formOf(client), [client]);
  const zones = useMemo(() => timeZones(client.timezone), [client.timezone]);
  const [form, setForm] = useState<EditForm>(saved);
  const [accessError, setAccessError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const set = <K extends keyof EditForm>(key: K, value: EditForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (form.access.length === 0) return setAccessError(t('validation.required'));
    const changes = changesOf(form, saved);
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate(
      { id: client.id, changes },
      {
        onSuccess: () => {
          notify(t('consoleClients.updated', { name: client.name }), 'success');
          onClose();
        },
        onError: (error) =>
          setFailure(error instanceof ApiError ? error.info || t('errors.generic') : t('errors.generic')),
      },
    );
  };

  const field = (key: 'plan_id' | 'expiresOn' | 'format' | 'timezone', label: string) => ({
    id: `client-edit-${key}`,
    label,
    value: form[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
    slotProps: { htmlInput: { 'data-testid': `client-edit-${key}` }, inputLabel: { shrink: true } },
  });

  return (
    <FormDialog
      isOpen
      title={t('consoleClients.editTitle', { name: client.name })}
      text={t('consoleClients.editText')}
      failure={failure}
      isPending={update.isPending}
      canSubmit
      submitLabel={t('consoleClients.save')}
      testId="client-edit"
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField {...field('plan_id', t('consoleClients.field.plan'))} select>
        {planItems(plans.data ?? [])}
      </TextField>
      <TextField {...field('expiresOn', t('consoleClients.field.expires'))} type="date" />
      <TextField {...field('format', t('consoleClients.field.numberFormat'))} select>
        {numberFormatItems(t)}
      </TextField>
      <TextField
        {...field('timezone', t('consoleClients.field.timezone'))}
        select
        slotProps={{
          select: { native: true },
          htmlInput: { 'data-testid': 'client-edit-timezone' },
          inputLabel: { shrink: true },
        }}
      >
        {zoneOptions(zones)}
      </TextField>
      <AccessChecklist
        label={t('consoleClients.field.access')}
        testId="client-access"
        access={form.access}
        error={accessError}
        onChange={(access) => {
          setAccessError(undefined);
          set('access', access);
        }}
      />
    </FormDialog>
  );
};
