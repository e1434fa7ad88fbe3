import {
  contactLabel,
  type Deal,
  type DealContact,
  type DealCreateInput,
  dealCreateSchema,
  defaultCurrency,
} from '@conversa/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccount } from '../../../shared/account/use-account';
import { ApiError } from '../../../shared/api-client';
import { translateMessage } from '../../../shared/i18n';
import { notify } from '../../../shared/notify';
import { FieldInput } from '../../../shared/records/components/field-input';
import { FormDialog } from '../../../shared/ui/form-dialog';
import { useCreateDeal } from '../api/deals';
import { dealField } from '../deal-fields';
import { dealPath } from '../deal-paths';
import { stagesOf } from '../pipeline-order';
import { ContactPicker } from './contact-picker';

type NewDealForm = {
  name: string;
  contact: DealContact | null;
  pipeline_id: string;
  pipeline_stage_id: string;
  /** As typed: the company's decimal separator is read by the schema's number rule. */
  amount: string;
  currency: string;
  closing_date: string;
  owner: string[];
};
const PLACED: readonly string[] = [
  'name',
  'contact_id',
  'pipeline_stage_id',
  'amount',
  'currency',
  'closing_date',
];

/** The form as `deal/create` takes it: the contact by id, an empty amount as none. */
const inputOf = (form: NewDealForm): DealCreateInput => ({
  name: form.name,
  contact_id: form.contact?.id ?? '',
  pipeline_id: form.pipeline_id,
  pipeline_stage_id: form.pipeline_stage_id,
  ...(form.amount.trim() === '' ? {} : { amount: form.amount.trim() }),
  currency: form.currency,
  closing_date: form.closing_date,
  owner: form.owner,
});

/** The create rules, checked on what would be sent; an issue on `contact_id` shows on the contact picker. */
const dealResolver: Resolver<NewDealForm> = async (values, context, options) => {
  const checked = await (zodResolver(dealCreateSchema) as unknown as Resolver<DealCreateInput>)(
    inputOf(values),
    context,
    options as never,
  );
  const { contact_id: contactError, ...errors } = checked.errors as Record<string, unknown>;
  return Object.keys(checked.errors).length === 0
    ? { values, errors: {} }
    : { values: {}, errors: { ...errors, ...(contactError ? { contact: contactError } : {}) } as never };
};

type NewDealDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The deal is for this contact (from a conversation): no picker, and the name says whose it is. */
  contact?: DealContact;
  /** Called with the new deal; without it, the deal's page opens. */
  onCreated?: (deal: Deal) => void;
};

/**
 * A new deal: a name (prefilled with the contact's), its contact, the pipeline and stage it starts in
 * (the first ones unless chosen), the amount in the company's currency, the closing date and its owners.
 */
export const NewDealDialog = ({ open, onClose, contact, onCreated }: NewDealDialogProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { client, list_pipeline, user } = useAccount();
  const create = useCreateDeal();
  const [failure, setFailure] = useState<string | null>(null);
  const nameFor = (chosen: DealContact | null | undefined) =>
    chosen ? t('deals.new.defaultName', { name: contactLabel(chosen) }) : '';
  const first = list_pipeline[0];
  const empty = (): NewDealForm => ({
    name: nameFor(contact),
    contact: contact ?? null,
    pipeline_id: first?.id ?? '',
    pipeline_stage_id: stagesOf(first)[0]?.id ?? '',
    amount: '',
    currency: defaultCurrency(client.country),
    closing_date: '',
    owner: [user.id],
  });
  const form = useForm<NewDealForm>({ resolver: dealResolver, mode: 'onChange', defaultValues: empty() });
  // Opened again (for another contact, or after the company's pipelines changed), it starts afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an opening resets the form
  useEffect(() => {
    if (open) form.reset(empty());
  }, [open, contact?.id]);
  const { errors } = form.formState;
  const pipeline = list_pipeline.find((candidate) => candidate.id === form.watch('pipeline_id'));

  const close = () => {
    form.reset(empty());
    setFailure(null);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const deal = await create.mutateAsync(dealCreateSchema.parse(inputOf(values)));
      notify(t('deals.created', { name: deal.name }), 'success');
      close();
      if (onCreated) onCreated(deal);
      else navigate(dealPath(deal.id));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const placed = error.errors.filter((issue) => PLACED.includes(issue.path));
      for (const issue of placed) {
        const key = issue.path === 'contact_id' ? 'contact' : (issue.path as keyof NewDealForm);
        form.setError(key, { message: issue.message });
      }
      setFailure(placed.length > 0 ? null : error.info || t('errors.generic'));
    }
  });

  const text = (key: Exclude<keyof NewDealForm, 'contact' | 'owner'>, label: string) => ({
    ...form.register(key),
    label,
    error: Boolean(errors[key]),
    helperText: translateMessage(errors[key]?.message),
    slotProps: { htmlInput: { 'data-testid': `new-deal-${key}` } },
  });
  const choosePipeline = (id: string) => {
    const next = list_pipeline.find((candidate) => candidate.id === id);
    form.setValue('pipeline_id', id, { shouldDirty: true });
    form.setValue('pipeline_stage_id', stagesOf(next)[0]?.id ?? '', {
      shouldDirty: true,
      shouldValidate: true,
    });
  };

  return (
    <FormDialog
      isOpen={open}
      title={t('deals.new.title')}
      text={contact ? t('deals.new.textFor', { name: contactLabel(contact) }) : t('deals.new.text')}
      failure={failure}
      isPending={create.isPending}
      canSubmit={form.formState.isValid}
      submitLabel={t('deals.new.submit')}
      testId="new-deal"
      onClose={close}
      onSubmit={submit}
    >
      {!contact && (
        <Controller
          control={form.control}
          name="contact"
          render={({ field, fieldState }) => (
            <ContactPicker
              value={field.value}
              onChange={(chosen) => {
                // A name still as prefilled follows the contact chosen.
                if (!form.getFieldState('name').isDirty || form.getValues('name') === nameFor(field.value)) {
                  form.setValue('name', nameFor(chosen), { shouldValidate: true });
                }
                field.onChange(chosen);
              }}
              error={translateMessage(fieldState.error?.message)}
            />
          )}
        />
      )}
      <TextField {...text('name', t('records.field.dealName'))} required autoFocus={Boolean(contact)} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          select
          label={t('records.field.pipeline')}
          value={form.watch('pipeline_id')}
          onChange={(event) => choosePipeline(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'new-deal-pipeline' } }}
        >
          {list_pipeline.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('records.field.pipelineStage')}
          value={form.watch('pipeline_stage_id')}
          onChange={(event) =>
            form.setValue('pipeline_stage_id', event.target.value, {
              shouldDirty: true,
              shouldValidate: true,
            })
          }
          error={Boolean(errors.pipeline_stage_id)}
          helperText={translateMessage(errors.pipeline_stage_id?.message)}
          slotProps={{ htmlInput: { 'data-testid': 'new-deal-stage' } }}
        >
          {stagesOf(pipeline).map((stage) => (
            <MenuItem key={stage.id} value={stage.id}>
              {stage.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <TextField
          {...text('amount', t('records.field.amount'))}
          slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr', 'data-testid': 'new-deal-amount' } }}
        />
        <TextField
          {...text('currency', t('records.field.currency'))}
          slotProps={{ htmlInput: { maxLength: 3, dir: 'ltr', 'data-testid': 'new-deal-currency' } }}
        />
      </Box>
      <TextField
        {...text('closing_date', t('records.field.closingDate'))}
        type="date"
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'new-deal-closing_date' },
        }}
      />
      <Controller
        control={form.control}
        name="owner"
        render={({ field }) => (
          <FieldInput
            module="deal"
            field={dealField('owner')}
            value={field.value}
            onChange={(value) => field.onChange(Array.isArray(value) ? value : [value].filter(Boolean))}
            label={t('records.field.owner')}
            hasLabel
          />
        )}
      />
    </FormDialog>
  );
};
