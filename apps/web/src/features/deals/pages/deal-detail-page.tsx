import { contactLabel, type Deal } from '@conversa/domain';
import { Avatar, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAccount, useCan } from '../../../shared/account/use-account';
import HandshakeOutlined from '../../../shared/icons/HandshakeOutlined';
import { DetailFrame, type DetailTab } from '../../../shared/records/detail-frame';
import { DetailDataLayout } from '../../../shared/records/detail-parts';
import { RecordNotes } from '../../../shared/records/record-notes';
import { useLiveRecord } from '../../../shared/records/use-live-record';
import { DealPayments } from '../../payments/components/deal-payments';
import { RecordTasks } from '../../tasks/components/record-tasks';
import { dealDetailKey, useDealDetail } from '../api/deals';
import { DealDetailData } from '../components/deal-detail-data';
import { DealDetailSide } from '../components/deal-detail-side';
import { DealHistory } from '../components/deal-history';
import { DealOutcomeActions } from '../components/deal-outcome-actions';
import { OutcomeChip } from '../components/outcome-chip';
import { dealMoney } from '../deal-money';
import { DEALS_PATH } from '../deal-paths';

const Subtitle = ({ deal }: { deal: Deal }) => {
  const { client } = useAccount();
  return (
    <Typography
      component="span"
      sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <span>#{deal.numdeal}</span>
      <span>{dealMoney(deal.amount, deal.currency, client)}</span>
      {deal.contact && <span>{contactLabel(deal.contact)}</span>}
      <OutcomeChip stage={deal.stage} />
    </Typography>
  );
};

/**
 * One deal (/app/deals/detail/{reference_id}): its data, stage, owners and contact, its payments, notes,
 * tasks and the history of its stage changes, with Won, Lost and Reopen. Colleagues' changes show live; a
 * deal deleted meanwhile sends the person back to the board.
 */
export const DealDetailPage = () => {
  const { t } = useTranslation();
  const { reference_id: id = '' } = useParams();
  const can = useCan();
  const detail = useDealDetail(id);
  const deal = detail.data;
  const canEdit = can('deal.edit');

  useLiveRecord<Deal>({
    module: 'deal',
    id,
    queryKey: dealDetailKey(id),
    listPath: DEALS_PATH,
    deletedText: t('deals.detail.deleted'),
    merge: (current, change) => ({ ...current, ...change }),
  });

  // The frame shows the tabs while the deal loads and renders the open one once it is here.
  const withDeal = (render: (loaded: Deal) => ReactNode) => () => (deal ? render(deal) : null);
  const tabs: DetailTab[] = [
    {
      key: 'data',
      label: t('recordDetail.tabs.data'),
      render: withDeal((loaded) => (
        <DetailDataLayout
          data={<DealDetailData deal={loaded} canEdit={canEdit} />}
          side={<DealDetailSide deal={loaded} canEdit={canEdit} />}
        />
      )),
    },
    ...(can('payment.view')
      ? [
          {
            key: 'payments',
            label: t('deals.detail.payments'),
            render: withDeal((loaded) => <DealPayments deal={loaded} />),
          },
        ]
      : []),
    ...(can('note.view')
      ? [
          {
            key: 'notes',
            label: t('recordDetail.tabs.notes'),
            render: () => <RecordNotes module="deal" referenceId={id} />,
          },
        ]
      : []),
    ...(can('task.view')
      ? [
          {
            key: 'tasks',
            label: t('recordDetail.tabs.tasks'),
            render: withDeal((loaded) => (
              <RecordTasks
                module="deal"
                referenceId={loaded.id}
                contactId={loaded.contact_id || undefined}
                name={loaded.name}
              />
            )),
          },
        ]
      : []),
    { key: 'history', label: t('deals.detail.history'), render: () => <DealHistory dealId={id} /> },
  ];

  return (
    <DetailFrame
      back={{ to: DEALS_PATH, label: t('nav.deals') }}
      title={deal?.name}
      subtitle={deal && <Subtitle deal={deal} />}
      avatar={
        deal && (
          <Avatar sx={{ width: 56, height: 56, bgcolor: 'secondary.main' }} aria-hidden="true">
            <HandshakeOutlined />
          </Avatar>
        )
      }
      actions={deal && canEdit && <DealOutcomeActions deal={deal} />}
      tabs={tabs}
      tabsLabel={t('recordDetail.tabsLabel')}
    />
  );
};
