import { DEFAULTS, type LeadCreateInput, leadCreateSchema } from '@conversa/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, TextField } from '@mui/material';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { translateMessage } from '../../../shared/i18n';
import { notify } from '../../../shared/notify';
import { FieldInput } from '../../../shared/records/components/field-input';
import { CountrySelect, phoneExampleOf } from '../../../shared/records/detail-data';
import { FormDialog } from '../../../shared/ui/form-dialog';
import { useCreateLead } from '../api/leads';
import { leadField } from '../lead-fields';
import { leadPath } from '../lead-records';

type NewLeadForm = Required<
  Pick<
    LeadCreateInput,
    'first_name' | 'last_name' | 'phone' | 'email' | 'document' | 'country' | 'source' | 'tags' | 'status_id'
  >
>;
type TextKey = 'first_name' | 'last_name' | 'phone' | 'email' | 'document' | 'source';

const EMPTY: NewLeadForm = {
  first_name: '',
  last_name: '',
  phone: '',
  email: '',
  document: '',
  country: DEFAULTS.country,
  source: '',
  tags: [],
  status_id: '',
};
const KEYS = Object.keys(EMPTY) as (keyof NewLeadForm)[];
const isFormKey = (path: string): path is keyof NewLeadForm => (KEYS as string[]).includes(path);

/**
 * A new lead: first name and a phone valid for the country are required, the e-mail is checked when
 * given, tags can be made by typing a new name, and the status is one of the company's lead statuses.
 * Once created, its page opens.
 */
export const NewLeadDialog = ({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateLead();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<NewLeadForm>({
    resolver: zodResolver(leadCreateSchema) as unknown as Resolver<NewLeadForm>,
    mode: 'onChange',
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const close = () => {
    form.reset(EMPTY);
    setFailure(null);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const lead = await create.mutateAsync(leadCreateSchema.parse(values));
      notify(t('leads.created', { name: lead.full_name }), 'success');
      close();
      navigate(leadPath(lead.id));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const placed = error.errors.filter((issue) => isFormKey(issue.path));
      for (const issue of placed) form.setError(issue.path as keyof NewLeadForm, { message: issue.message });
      setFailure(placed.length > 0 ? null : error.info);
    }
  });

  const text = (key: TextKey, label: string) => ({
    ...form.register(key, key === 'phone' ? { deps: ['country'] } : undefined),
    label,
    error: Boolean(errors[key]),
    helperText: translateMessage(errors[key]?.message),
    slotProps: { htmlInput: { 'data-testid': `new-lead-${key}` } },
  });

  return (
    <FormDialog
      isOpen={isOpen}
      title={t('leads.new.title')}
      text={t('leads.new.text')}
      failure={failure}
      isPending={create.isPending}
      canSubmit={form.formState.isValid}
      submitLabel={t('leads.new.submit')}
      testId="new-lead"
      onClose={close}
      onSubmit={submit}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField {...text('first_name', t('records.field.firstName'))} required autoFocus />
        <TextField {...text('last_name', t('records.field.lastName'))} />
      </Box>
      <CountrySelect
        value={form.watch('country')}
        onChange={(code) => form.setValue('country', code, { shouldValidate: true, shouldDirty: true })}
        slotProps={{ htmlInput: { 'data-testid': 'new-lead-country' } }}
      />
      <TextField
        {...text('phone', t('records.field.phone'))}
        required
        type="tel"
        helperText={
          translateMessage(errors.phone?.message) ??
          t('leads.new.phoneHint', { example: phoneExampleOf(form.watch('country')) })
        }
        slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': 'new-lead-phone' } }}
      />
      <TextField {...text('email', t('records.field.email'))} type="email" />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField {...text('document', t('records.field.document'))} />
        <TextField {...text('source', t('records.field.source'))} />
      </Box>
      <Controller
        control={form.control}
        name="status_id"
        render={({ field }) => (
          <FieldInput
            module="lead"
            field={leadField('status_id')}
            value={field.value}
            onChange={(value) => field.onChange(Array.isArray(value) ? (value[0] ?? '') : value)}
            label={t('records.field.status')}
            hasLabel
          />
        )}
      />
      <Controller
        control={form.control}
        name="tags"
        render={({ field }) => (
          <FieldInput
            module="lead"
            field={leadField('tags')}
            value={field.value}
            onChange={(value) => field.onChange(Array.isArray(value) ? value : [value].filter(Boolean))}
            label={t('leads.new.tags')}
            hasLabel
            canCreate
          />
        )}
      />
    </FormDialog>
  );
};
