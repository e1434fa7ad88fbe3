import type { Contact } from '@conversa/domain';
import {
  Box,
  Button,
  Card,
  Link,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAccount, useCan } from '../../../shared/account/use-account';
import Add from '../../../shared/icons/Add';
import HandshakeOutlined from '../../../shared/icons/HandshakeOutlined';
import { ListChip } from '../../../shared/records/components/list-chip';
import { formatMoney } from '../../../shared/records/number-format';
import { EmptyState } from '../../../shared/ui/empty-state';
import { NEW_TAB } from '../../../shared/ui/new-tab';
import { useContactDeals } from '../../chat/api/contact-deals';
import { useStageOf } from '../../chat/components/contact-deals-panel';
import { NewDealDialog } from '../../deals/components/new-deal-dialog';
import { OutcomeChip } from '../../deals/components/outcome-chip';
import { dealPath } from '../../deals/deal-paths';

/** Amounts stand at the end of the line in either direction, their digits always left to right. */
const AMOUNT = { textAlign: 'end', whiteSpace: 'nowrap' } as const;
const Amount = ({ value }: { value: string }) => (
  <Box component="span" dir="ltr" sx={{ unicodeBidi: 'isolate' }}>
    {value}
  </Box>
);

/**
 * The contact's deals, every outcome, newest first: stage, outcome, amount and what is still owed, each
 * opening its page; New deal starts one for this contact. Follows colleagues' changes and payments live.
 */
export const ContactDetailDeals = ({ contact }: { contact: Contact }) => {
  const { t } = useTranslation();
  const can = useCan();
  const { client } = useAccount();
  const stageOf = useStageOf();
  const [isCreating, setIsCreating] = useState(false);
  const deals = useContactDeals(contact.id, 'all');
  const money = (value: number) => formatMoney(value, client.number_format);
  const list = deals.data ?? [];

  return (
    <Card variant="outlined" data-testid="contact-detail-deals">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 1.5, pb: 0.5 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
          {t('recordDetail.tabs.deals')}
        </Typography>
        {can('deal.create') && (
          <Button
            size="small"
            startIcon={<Add />}
            onClick={() => setIsCreating(true)}
            data-testid="contact-deals-new"
          >
            {t('deals.new.button')}
          </Button>
        )}
      </Box>
      {deals.isPending ? (
        <Box sx={{ p: 2 }}>
          <Skeleton variant="rounded" height={96} />
        </Box>
      ) : list.length === 0 ? (
        <EmptyState icon={HandshakeOutlined} title={t('contacts.deals.empty')} />
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('recordDetail.tabs.deals')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('records.field.numdeal')}</TableCell>
                <TableCell>{t('records.field.dealName')}</TableCell>
                <TableCell>{t('records.field.pipelineStage')}</TableCell>
                <TableCell>{t('records.field.outcome')}</TableCell>
                <TableCell sx={AMOUNT}>{t('records.field.amount')}</TableCell>
                <TableCell sx={AMOUNT}>{t('records.field.balance')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((deal) => {
                const stage = stageOf(deal);
                return (
                  <TableRow key={deal.id} hover data-testid="contact-detail-deal">
                    <TableCell>{deal.numdeal}</TableCell>
                    <TableCell>
                      <Link component={RouterLink} to={dealPath(deal.id)} dir="auto" {...NEW_TAB}>
                        {deal.name}
                      </Link>
                    </TableCell>
                    <TableCell>{stage && <ListChip label={stage.name} color={stage.color} />}</TableCell>
                    <TableCell>
                      <OutcomeChip stage={deal.stage} isOpenShown />
                    </TableCell>
                    <TableCell sx={AMOUNT}>
                      <Amount value={money(deal.amount)} />
                    </TableCell>
                    <TableCell sx={AMOUNT} data-testid="contact-detail-deal-balance">
                      <Amount value={money(deal.balance)} />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <NewDealDialog
        open={isCreating}
        onClose={() => setIsCreating(false)}
        contact={{ id: contact.id, full_name: contact.info.full_name, phone: contact.info.phone }}
      />
    </Card>
  );
};
