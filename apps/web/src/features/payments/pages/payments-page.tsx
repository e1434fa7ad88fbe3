import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Add from '../../../shared/icons/Add';
import { RecordsPage } from '../../../shared/records/components/records-page';
import { useRecordAccess } from '../../../shared/records/use-record-access';
import type { RecordsState } from '../../../shared/records/use-records-state';
import { PaymentDialog } from '../components/payment-dialog';
import { PaymentTotalsStrip } from '../components/payment-totals';
import { PeriodPicker } from '../components/period-picker';
import { periodOf, withPeriod } from '../payment-period';
import { PAYMENT_RECORDS } from '../payment-records';
import { usePaymentsLive } from '../use-payments-live';

/** The period as one of the table's filters (a chip, kept in views), and the totals of what it finds. */
const PaymentsSummary = ({ records }: { records: RecordsState }) => {
  const { period, from, to } = periodOf(records.state.drafts);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <PeriodPicker
        period={period}
        from={from}
        to={to}
        onChange={(next, nextFrom, nextTo) =>
          records.change({ drafts: withPeriod(records.state.drafts, next, nextFrom, nextTo) })
        }
      />
      <PaymentTotalsStrip filters={records.query.filters} logical={records.query.logical} />
    </Box>
  );
};

/**
 * /app/payments: every payment of the company in the kit's table, a period and the totals per currency of
 * what the filters find, kept live as colleagues record payments; New payment asks for the deal.
 */
export const PaymentsPage = () => {
  const { t } = useTranslation();
  const may = useRecordAccess(PAYMENT_RECORDS);
  const [isNewOpen, setIsNewOpen] = useState(false);
  usePaymentsLive();
  return (
    <>
      <RecordsPage
        config={PAYMENT_RECORDS}
        subtitle={t('payments.subtitle')}
        actions={
          may('create') && (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setIsNewOpen(true)}
              data-testid="new-payment"
            >
              {t('payments.new.button')}
            </Button>
          )
        }
        summary={(records) => <PaymentsSummary records={records} />}
      />
      <PaymentDialog isOpen={isNewOpen} onClose={() => setIsNewOpen(false)} />
    </>
  );
};
