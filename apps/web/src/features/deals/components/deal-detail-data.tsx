import { type Deal, dealUpdateSchema } from '@conversa/domain';
import { Box, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';
import { DataFormActions, DetailDataCard, type ReadOnlyRow } from '../../../shared/records/detail-data';
import {
  dataTextField,
  useRecordDataForm,
  useSaveChangedFields,
} from '../../../shared/records/use-record-data-form';
import { useSaveDeal } from '../api/deals';
import { dealMoney } from '../deal-money';

const DATA_KEYS = ['name', 'amount', 'currency', 'closing_date', 'expected_date', 'branch'] as const;
type DataKey = (typeof DATA_KEYS)[number];
type DataForm = Record<DataKey, string>;

const formOf = (deal: Deal): DataForm => ({
  name: deal.name,
  amount: String(deal.amount),
  currency: deal.currency,
  closing_date: deal.closing_date,
  expected_date: deal.expected_date,
  branch: deal.branch,
});

/** The deal's data by the update rules (a name, an amount that is a number not below 0, real dates). */
const dataSchema = dealUpdateSchema.required({ name: true, amount: true });

/** The deal's own data; only the changed fields are saved. Read-only without deal.edit. */
export const DealDetailData = ({ deal, canEdit }: { deal: Deal; canEdit: boolean }) => {
  const { t } = useTranslation();
  const { client } = useAccount();
  const save = useSaveDeal(deal.id);
  const form = useRecordDataForm(dataSchema, deal, formOf);
  const { isDirty } = form.formState;

  const saveChanged = useSaveChangedFields(form, DATA_KEYS, save.mutateAsync);
  const submit = form.handleSubmit(() =>
    saveChanged(dataSchema.parse(form.getValues()), dataSchema.parse(formOf(deal))),
  );

  const text = dataTextField(form, 'deal');
  const date = (key: 'closing_date' | 'expected_date', label: string) => ({
    ...text(key, label),
    type: 'date',
    slotProps: { inputLabel: { shrink: true }, htmlInput: { 'data-testid': `deal-${key}` } },
  });

  const readOnlyRows = (): ReadOnlyRow[] => [
    [t('records.field.dealName'), deal.name],
    [t('records.field.amount'), dealMoney(deal.amount, deal.currency, client)],
    [t('records.field.closingDate'), deal.closing_date],
    [t('records.field.expectedDate'), deal.expected_date],
    [t('records.field.branch'), deal.branch],
  ];

  return (
    <DetailDataCard title={t('deals.detail.dataTitle')} canEdit={canEdit} readOnlyRows={readOnlyRows}>
      <Box component="form" noValidate onSubmit={submit} data-testid="deal-data-form">
        <Stack spacing={2}>
          <TextField {...text('name', t('records.field.dealName'))} required />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...text('amount', t('records.field.amount'))}
              slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr', 'data-testid': 'deal-amount' } }}
            />
            <TextField
              {...text('currency', t('records.field.currency'))}
              sx={{ maxWidth: { sm: 140 } }}
              slotProps={{ htmlInput: { maxLength: 3, dir: 'ltr', 'data-testid': 'deal-currency' } }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField {...date('closing_date', t('records.field.closingDate'))} />
            <TextField {...date('expected_date', t('records.field.expectedDate'))} />
          </Stack>
          <TextField {...text('branch', t('records.field.branch'))} />
          <DataFormActions
            isDirty={isDirty}
            isPending={save.isPending}
            onDiscard={() => form.reset(formOf(deal))}
            saveTestId="deal-data-save"
          />
        </Stack>
      </Box>
    </DetailDataCard>
  );
};
