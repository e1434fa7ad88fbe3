import { List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccount } from '../../../shared/account/use-account';
import { formattersFor } from '../../../shared/format/intl-format';
import { useContactPaymentList } from '../api/payments';
import { localDay } from '../payment-day';
import { methodLabel } from '../payment-method';
import { paymentMoney } from '../payment-money';
import { usePaymentsLive } from '../use-payments-live';

/** A contact's payments across its deals (the contact detail page): day, deal, method and amount. */
export const ContactPayments = ({ contactId }: { contactId: string }) => {
  const { t, i18n } = useTranslation();
  const { client } = useAccount();
  const list = useContactPaymentList(contactId);
  usePaymentsLive();
  const formatters = formattersFor(i18n.language);
  return (
    <Paper variant="outlined" component="section" aria-label={t('payments.contact.title')} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('payments.contact.title')}
      </Typography>
      {list.isError && <Typography color="error">{t('payments.loadFailed')}</Typography>}
      {list.data?.length === 0 && (
        <Typography color="text.secondary" data-testid="contact-payments-empty">
          {t('payments.contact.empty')}
        </Typography>
      )}
      {list.data && list.data.length > 0 && (
        <List dense disablePadding data-testid="contact-payments">
          {list.data.map((payment) => (
            <ListItem
              key={payment.id}
              disableGutters
              data-testid="contact-payment"
              secondaryAction={
                <Typography sx={{ direction: 'ltr', fontWeight: 600 }}>
                  {paymentMoney(payment.amount, payment.currency, client)}
                </Typography>
              }
            >
              <ListItemText
                primary={
                  payment.deal ? (
                    <Link to={`/app/deals/detail/${payment.deal.id}`}>
                      {t('payments.contact.deal', { numdeal: payment.deal.numdeal, name: payment.deal.name })}
                    </Link>
                  ) : null
                }
                secondary={`${formatters.date(localDay(payment.payment_date))} · ${methodLabel(t, payment.payment_method)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
};
