import {
  PAYMENT_METHODS,
  type Payment,
  type PaymentCreateInput,
  type PaymentUpdateInput,
  paymentCreateSchema,
} from '@conversa/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Autocomplete, Box, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client';
import { translateMessage } from '../../../shared/i18n';
import { notify } from '../../../shared/notify';
import { isoDay } from '../../../shared/records/filter-values';
import { FormDialog } from '../../../shared/ui/form-dialog';
import { useCreatePayment, useUpdatePayment } from '../api/payments';
import { methodLabel, methodOfText } from '../payment-method';
import { DealPicker, type PickedDeal } from './deal-picker';

type PaymentForm = {
  deal_id: string;
  payment_date: string;
  payment_method: string;
  amount: string;
  note: string;
};
const KEYS: (keyof PaymentForm)[] = ['deal_id', 'payment_date', 'payment_method', 'amount', 'note'];
const isFormKey = (path: string): path is keyof PaymentForm => (KEYS as string[]).includes(path);

const formOf = (deal: PickedDeal | null, payment?: Payment): PaymentForm =>
  payment
    ? {
        deal_id: payment.deal_id,
        payment_date: payment.payment_date,
        payment_method: payment.payment_method,
        amount: String(payment.amount),
        note: payment.note,
      }
    : { deal_id: deal?.id ?? '', payment_date: isoDay(new Date()), payment_method: '', amount: '', note: '' };

/** The fields an edit changes, so an untouched field is neither sent nor audited. */
const changesOf = (payment: Payment, input: PaymentCreateInput): PaymentUpdateInput => {
  const next = paymentCreateSchema.parse(input);
  const patch: PaymentUpdateInput = {};
  if (next.payment_date !== payment.payment_date) patch.payment_date = next.payment_date;
  if (next.payment_method !== payment.payment_method) patch.payment_method = next.payment_method;
  if (next.amount !== payment.amount) patch.amount = next.amount;
  if (next.note !== payment.note) patch.note = next.note;
  return patch;
};

type PaymentDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  /** The deal the payment goes on; without one (the payments page) the person picks it. */
  deal?: PickedDeal | null;
  /** The payment to change; without one the dialog records a new payment. */
  payment?: Payment;
};

/**
 * Records or changes a payment: the day (today by default), a method chosen from the offered ones or
 * typed freely, an amount above zero and a note, checked by the domain's rule as the person types.
 */
export const PaymentDialog = ({ isOpen, onClose, deal = null, payment }: PaymentDialogProps) => {
  const { t } = useTranslation();
  const create = useCreatePayment();
  const update = useUpdatePayment();
  const [failure, setFailure] = useState<string | null>(null);
  const [picked, setPicked] = useState<PickedDeal | null>(deal);
  const form = useForm<PaymentForm>({
    resolver: zodResolver(paymentCreateSchema) as unknown as Resolver<PaymentForm>,
    mode: 'onChange',
    defaultValues: formOf(deal, payment),
  });
  const { errors } = form.formState;
  const { reset } = form;

  // Each opening starts from the payment (or today) again; a deal refreshed by a colleague's payment while
  // the dialog is open must not wipe what is being typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: opening is the trigger
  useEffect(() => {
    if (isOpen) {
      reset(formOf(deal, payment));
      setPicked(deal);
      setFailure(null);
    }
  }, [isOpen]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const input: PaymentCreateInput = values;
    try {
      if (payment) {
        const patch = changesOf(payment, input);
        if (Object.keys(patch).length > 0) await update.mutateAsync({ id: payment.id, patch });
        notify(t('payments.updated'), 'success');
      } else {
        await create.mutateAsync(paymentCreateSchema.parse(input));
        notify(t('payments.created'), 'success');
      }
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const placed = error.errors.filter((issue) => isFormKey(issue.path));
      for (const issue of placed) form.setError(issue.path as keyof PaymentForm, { message: issue.message });
      setFailure(placed.length > 0 ? null : error.info);
    }
  });

  const text = (key: 'amount' | 'note' | 'payment_date', label: string) => ({
    ...form.register(key),
    label,
    error: Boolean(errors[key]),
    helperText: translateMessage(errors[key]?.message),
    slotProps: { htmlInput: { 'data-testid': `payment-${key}` }, inputLabel: { shrink: true } },
  });

  return (
    <FormDialog
      isOpen={isOpen}
      title={t(payment ? 'payments.dialog.editTitle' : 'payments.dialog.addTitle')}
      text={t('payments.dialog.text')}
      failure={failure}
      isPending={create.isPending || update.isPending}
      canSubmit={form.formState.isValid}
      submitLabel={t(payment ? 'payments.dialog.save' : 'payments.dialog.add')}
      testId="payment-dialog"
      onClose={onClose}
      onSubmit={submit}
    >
      {!deal && !payment && (
        <DealPicker
          value={picked}
          onChange={(chosen) => {
            setPicked(chosen);
            form.setValue('deal_id', chosen?.id ?? '', { shouldValidate: true, shouldDirty: true });
          }}
          error={translateMessage(errors.deal_id?.message)}
        />
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField {...text('payment_date', t('payments.dialog.date'))} type="date" required />
        <TextField
          {...text('amount', t('payments.dialog.amount'))}
          required
          autoFocus
          slotProps={{
            htmlInput: { 'data-testid': 'payment-amount', inputMode: 'decimal', dir: 'ltr' },
            inputLabel: { shrink: true },
          }}
        />
      </Box>
      <Controller
        control={form.control}
        name="payment_method"
        render={({ field }) => (
          <Autocomplete<string, false, false, true>
            freeSolo
            options={PAYMENT_METHODS}
            value={field.value}
            getOptionLabel={(method) => methodLabel(t, method)}
            inputValue={methodLabel(t, field.value)}
            onInputChange={(_event, typed) => field.onChange(methodOfText(t, typed))}
            onChange={(_event, chosen) => field.onChange(chosen ?? '')}
            renderInput={(params) => (
              <TextField
                {...params}
                required
                label={t('payments.dialog.method')}
                onBlur={field.onBlur}
                error={Boolean(errors.payment_method)}
                helperText={
                  translateMessage(errors.payment_method?.message) ?? t('payments.dialog.methodHint')
                }
                slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'payment-method' } }}
              />
            )}
          />
        )}
      />
      <TextField {...text('note', t('payments.dialog.note'))} multiline minRows={2} />
    </FormDialog>
  );
};
