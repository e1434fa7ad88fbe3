import type { Lead } from '@conversa/domain';
import { initialsOf } from '@conversa/domain';
import { Avatar, Chip } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAccount, useCan } from '../../../shared/account/use-account';
import CheckCircleOutline from '../../../shared/icons/CheckCircleOutline';
import { DetailFrame, type DetailTab } from '../../../shared/records/detail-frame';
import { DetailDataLayout, RecordSubtitle } from '../../../shared/records/detail-parts';
import { RecordNotes } from '../../../shared/records/record-notes';
import { useLiveRecord } from '../../../shared/records/use-live-record';
import { RecordTasks } from '../../tasks/components/record-tasks';
import { leadDetailKey, useLeadDetail } from '../api/leads';
import { ConvertLead } from '../components/convert-lead';
import { LeadDetailData } from '../components/lead-detail-data';
import { LeadDetailSide } from '../components/lead-detail-side';
import { LEADS_PATH } from '../lead-records';

const Subtitle = ({ lead }: { lead: Lead }) => {
  const { t } = useTranslation();
  const { list_dinamic } = useAccount();
  const status = list_dinamic.find((item) => item.id === lead.status_id);
  return (
    <RecordSubtitle phone={lead.phone} email={lead.email} chip={status}>
      {lead.converted_contact_id && (
        <Chip
          size="small"
          color="success"
          variant="outlined"
          icon={<CheckCircleOutline />}
          label={t('leads.converted')}
          data-testid="lead-converted"
        />
      )}
    </RecordSubtitle>
  );
};

/**
 * One lead (/app/leads/detail/{reference_id}): its data, status, tags and owners, its notes, and the
 * conversion into a contact (or, once converted, the way to that contact). Colleagues' changes show live;
 * a lead deleted meanwhile sends the person back to the list.
 */
export const LeadDetailPage = () => {
  const { t } = useTranslation();
  const { reference_id: id = '' } = useParams();
  const can = useCan();
  const detail = useLeadDetail(id);
  const lead = detail.data;
  const canEdit = can('lead.edit');

  useLiveRecord<Lead>({
    module: 'lead',
    id,
    queryKey: leadDetailKey(id),
    listPath: LEADS_PATH,
    deletedText: t('leads.detail.deleted'),
    merge: (current, change) => ({ ...current, ...change }),
  });

  // The frame shows the tabs while the lead loads and renders the open one once it is here.
  const withLead = (render: (loaded: Lead) => ReactNode) => () => (lead ? render(lead) : null);
  const tabs: DetailTab[] = [
    {
      key: 'data',
      label: t('recordDetail.tabs.data'),
      render: withLead((loaded) => (
        <DetailDataLayout
          data={<LeadDetailData lead={loaded} canEdit={canEdit} />}
          side={<LeadDetailSide lead={loaded} canEdit={canEdit} />}
        />
      )),
    },
    ...(can('note.view')
      ? [
          {
            key: 'notes',
            label: t('recordDetail.tabs.notes'),
            render: () => <RecordNotes module="lead" referenceId={id} />,
          },
        ]
      : []),
    ...(can('task.view')
      ? [
          {
            key: 'tasks',
            label: t('recordDetail.tabs.tasks'),
            render: () => (
              <RecordTasks module="lead" referenceId={id} name={lead?.full_name || lead?.phone} />
            ),
          },
        ]
      : []),
  ];

  return (
    <DetailFrame
      back={{ to: LEADS_PATH, label: t('nav.leads') }}
      title={lead ? lead.full_name || `+${lead.phone}` : undefined}
      subtitle={lead && <Subtitle lead={lead} />}
      avatar={
        lead && (
          <Avatar sx={{ width: 56, height: 56, bgcolor: 'secondary.main', fontSize: 22 }} aria-hidden="true">
            {initialsOf(lead.full_name || lead.phone)}
          </Avatar>
        )
      }
      actions={lead && <ConvertLead lead={lead} />}
      tabs={tabs}
      tabsLabel={t('recordDetail.tabsLabel')}
    />
  );
};
