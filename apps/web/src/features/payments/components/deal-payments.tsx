import type { Deal, Payment } from '@conversa/domain';
import {
  Box,
  Button,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount, useCan } from '../../../shared/account/use-account';
import { formattersFor } from '../../../shared/format/intl-format';
import Add from '../../../shared/icons/Add';
import DeleteOutline from '../../../shared/icons/DeleteOutline';
import EditOutlined from '../../../shared/icons/EditOutlined';
import { notify } from '../../../shared/notify';
import { ConfirmPopover } from '../../../shared/records/components/confirm-popover';
import { useDealPaymentList, useDeletePayment } from '../api/payments';
import { localDay } from '../payment-day';
import { methodLabel } from '../payment-method';
import { paymentMoney } from '../payment-money';
import { usePaymentsLive } from '../use-payments-live';
import { PaymentDialog } from './payment-dialog';
import { PaymentStat } from './payment-stat';

type Editing = { isOpen: boolean; payment?: Payment };

/**
 * A deal's payments (the deal detail page): its amount, what has been paid and the balance, the payments
 * with their day, method and amount, and by permission adding, changing and deleting one. Colleagues'
 * payments show at once.
 */
export const DealPayments = ({ deal }: { deal: Deal }) => {
  const { t, i18n } = useTranslation();
  const account = useAccount();
  const can = useCan();
  const list = useDealPaymentList(deal.id);
  const remove = useDeletePayment();
  const [editing, setEditing] = useState<Editing>({ isOpen: false });
  const [deleting, setDeleting] = useState<{ anchor: HTMLElement; id: string } | null>(null);
  usePaymentsLive();
  const money = (amount: number, currency = deal.currency) => paymentMoney(amount, currency, account.client);
  const formatters = formattersFor(i18n.language);
  const canEdit = can('payment.edit');
  const canDelete = can('payment.delete');

  const confirmDelete = async () => {
    if (!deleting) return;
    await remove.mutateAsync(deleting.id);
    setDeleting(null);
    notify(t('payments.deleted'), 'success');
  };

  return (
    <Paper variant="outlined" component="section" aria-label={t('payments.deal.title')} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('payments.deal.title')}
        </Typography>
        {can('payment.create') && (
          <Button
            variant="contained"
            size="small"
            startIcon={<Add />}
            onClick={() => setEditing({ isOpen: true })}
            data-testid="deal-payment-add"
          >
            {t('payments.deal.add')}
          </Button>
        )}
      </Box>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', mb: 2 }}
      >
        <PaymentStat label={t('payments.deal.amount')} value={money(deal.amount)} testId="deal-amount" />
        <PaymentStat label={t('payments.deal.paid')} value={money(deal.paid_total)} testId="deal-paid" />
        <PaymentStat label={t('payments.deal.balance')} value={money(deal.balance)} testId="deal-balance" />
      </Box>
      {list.isError && <Typography color="error">{t('payments.loadFailed')}</Typography>}
      {list.data?.length === 0 && (
        <Typography color="text.secondary" data-testid="deal-payments-empty">
          {t('payments.deal.empty')}
        </Typography>
      )}
      {list.data && list.data.length > 0 && (
        <Table size="small" data-testid="deal-payments">
          <TableHead>
            <TableRow>
              <TableCell>{t('payments.dialog.date')}</TableCell>
              <TableCell>{t('payments.dialog.method')}</TableCell>
              <TableCell align="right">{t('payments.dialog.amount')}</TableCell>
              {(canEdit || canDelete) && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data.map((payment) => (
              <TableRow key={payment.id} data-testid="deal-payment">
                <TableCell>{formatters.date(localDay(payment.payment_date))}</TableCell>
                <TableCell>
                  {methodLabel(t, payment.payment_method)}
                  {payment.note && (
                    <Typography variant="caption" color="text.secondary" component="p">
                      {payment.note}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {money(payment.amount, payment.currency)}
                </TableCell>
                {(canEdit || canDelete) && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {canEdit && (
                      <Tooltip title={t('payments.deal.edit')}>
                        <IconButton
                          size="small"
                          aria-label={t('payments.deal.edit')}
                          onClick={() => setEditing({ isOpen: true, payment })}
                          data-testid="deal-payment-edit"
                        >
                          <EditOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                    {canDelete && (
                      <Tooltip title={t('payments.deal.delete')}>
                        <IconButton
                          size="small"
                          aria-label={t('payments.deal.delete')}
                          onClick={(event) => setDeleting({ anchor: event.currentTarget, id: payment.id })}
                          data-testid="deal-payment-delete"
                        >
                          <DeleteOutline fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <PaymentDialog
        isOpen={editing.isOpen}
        onClose={() => setEditing({ isOpen: false })}
        deal={deal}
        payment={editing.payment}
      />
      <ConfirmPopover
        anchor={deleting?.anchor ?? null}
        question={t('payments.deal.confirmDelete')}
        isPending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Paper>
  );
};
