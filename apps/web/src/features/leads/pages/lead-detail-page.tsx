import type { Lead } from '@conversa/domain';
import { initialsOf } from '@conversa/domain';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import { Avatar, Box, Chip, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAccount, useCan } from '../../../shared/account/use-account';
import { notify } from '../../../shared/notify';
import { ListChip } from '../../../shared/records/components/list-chip';
import { DetailFrame, type DetailTab } from '../../../shared/records/detail-frame';
import { type Notification, useSocketEvent } from '../../../shared/socket';
import { leadDetailKey, useLeadDetail } from '../api/leads';
import { ConvertLead } from '../components/convert-lead';
import { LeadDetailData } from '../components/lead-detail-data';
import { LeadDetailSide } from '../components/lead-detail-side';
import { LeadNotes } from '../components/lead-notes';
import { LEADS_PATH } from '../lead-records';

const Subtitle = ({ lead }: { lead: Lead }) => {
  const { t } = useTranslation();
  const { list_dinamic } = useAccount();
  const status = list_dinamic.find((item) => item.id === lead.status_id);
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={1}
      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
    >
      {lead.phone && (
        <Typography dir="ltr" sx={{ unicodeBidi: 'isolate' }}>
          +{lead.phone}
        </Typography>
      )}
      {lead.email && <Typography sx={{ overflowWrap: 'anywhere' }}>{lead.email}</Typography>}
      {status && <ListChip label={status.name} color={status.color} />}
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
    </Stack>
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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const can = useCan();
  const detail = useLeadDetail(id);
  const lead = detail.data;
  const canEdit = can('lead.edit');

  useSocketEvent<Notification>('notification', (notification) => {
    if (notification.module !== 'lead') return;
    const mine = notification.data.find((record) => (record as { id?: unknown }).id === id) as
      | Partial<Lead>
      | undefined;
    if (!mine) return;
    if (notification.action === 'delete') {
      notify(t('leads.detail.deleted'), 'warning');
      navigate(LEADS_PATH);
      return;
    }
    queryClient.setQueryData<Lead>(leadDetailKey(id), (current) =>
      current ? { ...current, ...mine } : current,
    );
  });

  // The frame shows the tabs while the lead loads and renders the open one once it is here.
  const withLead = (render: (loaded: Lead) => ReactNode) => () => (lead ? render(lead) : null);
  const tabs: DetailTab[] = [
    {
      key: 'data',
      label: t('recordDetail.tabs.data'),
      render: withLead((loaded) => (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' },
            alignItems: 'start',
          }}
        >
          <LeadDetailData lead={loaded} canEdit={canEdit} />
          <LeadDetailSide lead={loaded} canEdit={canEdit} />
        </Box>
      )),
    },
    ...(can('note.view')
      ? [{ key: 'notes', label: t('recordDetail.tabs.notes'), render: () => <LeadNotes leadId={id} /> }]
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
