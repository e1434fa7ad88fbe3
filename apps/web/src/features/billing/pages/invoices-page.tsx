import { Box, TableCell, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';
import { formattersFor } from '../../../shared/format/intl-format';
import ReceiptLongOutlined from '../../../shared/icons/ReceiptLongOutlined';
import { PageHeader } from '../../../shared/ui/page-header';
import { PagedTable, usePaging } from '../../../shared/ui/paged-table';
import { wideOnly } from '../../../shared/ui/table-styles';
import { useInvoices } from '../api/billing';
import { billingMoney, PROVIDER_NAMES } from '../billing-money';
import { BillingLinks } from '../components/billing-links';

/**
 * The invoices of paid purchases (`/app/billing/invoices`), newest first; the master's list holds every
 * company's, with the company's name.
 */
export const InvoicesPage = () => {
  const { t, i18n } = useTranslation();
  const { client, user } = useAccount();
  const isMaster = user.account === 'master';
  const paging = usePaging();
  const result = useInvoices({ page: paging.page + 1, offset: paging.offset });
  const invoices = result.data?.invoices ?? [];
  const format = formattersFor(i18n.language);

  return (
    <Box>
      <PageHeader
        title={t('nav.invoices')}
        subtitle={t(isMaster ? 'billing.invoicesAll' : 'modules.invoices')}
        actions={isMaster ? undefined : <BillingLinks current="invoices" />}
      />
      <PagedTable
        query={result}
        paging={paging}
        rowCount={invoices.length}
        total={result.data?.pagination.total ?? 0}
        label={t('nav.invoices')}
        testId="invoices-table"
        columns={isMaster ? 6 : 5}
        texts={{ loadFailed: t('billing.invoicesLoadFailed'), rowsPerPage: t('billing.rowsPerPage') }}
        empty={{ icon: ReceiptLongOutlined, title: t('billing.noInvoices') }}
        head={
          <>
            <TableCell>{t('billing.column.number')}</TableCell>
            <TableCell>{t('billing.column.date')}</TableCell>
            {isMaster && <TableCell>{t('billing.column.company')}</TableCell>}
            <TableCell>{t('billing.column.description')}</TableCell>
            <TableCell sx={wideOnly}>{t('billing.column.provider')}</TableCell>
            <TableCell align="right">{t('billing.column.amount')}</TableCell>
          </>
        }
      >
        {invoices.map((invoice) => (
          <TableRow key={invoice.id} data-testid="invoice-row">
            <TableCell>{invoice.number}</TableCell>
            <TableCell>{format.date(invoice.create_date)}</TableCell>
            {isMaster && <TableCell>{invoice.client_name}</TableCell>}
            <TableCell>{invoice.description}</TableCell>
            <TableCell sx={wideOnly}>{PROVIDER_NAMES[invoice.provider]}</TableCell>
            <TableCell align="right" data-testid="invoice-amount">
              {billingMoney(invoice.amount, invoice.currency, client)}
            </TableCell>
          </TableRow>
        ))}
      </PagedTable>
    </Box>
  );
};
