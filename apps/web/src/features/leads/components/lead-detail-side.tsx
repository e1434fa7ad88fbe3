import type { Lead, LeadUpdateInput } from '@conversa/domain';
import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';
import { FieldInput } from '../../../shared/records/components/field-input';
import { ListChip } from '../../../shared/records/components/list-chip';
import {
  choiceOf,
  OwnersSection,
  SideCard,
  SideSection,
  TagsSection,
  useSaveAtOnce,
} from '../../../shared/records/detail-side';
import { useSaveLead } from '../api/leads';
import { leadField } from '../lead-fields';

/** The lead's status, tags and owners: chosen and saved at once with lead.edit, shown as chips without. */
export const LeadDetailSide = ({ lead, canEdit }: { lead: Lead; canEdit: boolean }) => {
  const { t } = useTranslation();
  const { list_dinamic } = useAccount();
  const change = useSaveAtOnce<LeadUpdateInput>(useSaveLead(lead.id));
  const status = list_dinamic.find((item) => item.id === lead.status_id);

  return (
    <SideCard>
      <SideSection title={t('records.field.status')}>
        {canEdit ? (
          <FieldInput
            module="lead"
            field={leadField('status_id')}
            value={lead.status_id}
            onChange={(value) => change({ status_id: choiceOf(value) })}
            label={t('records.field.status')}
          />
        ) : status ? (
          <ListChip label={status.name} color={status.color} />
        ) : (
          <Typography color="text.secondary">{t('leads.kanban.noStatus')}</Typography>
        )}
      </SideSection>
      <TagsSection
        module="lead"
        field={leadField('tags')}
        ids={lead.tags}
        canEdit={canEdit}
        onChange={(tags) => change({ tags })}
        inputLabel={t('leads.new.tags')}
        emptyText={t('leads.detail.noTags')}
      />
      <OwnersSection
        module="lead"
        field={leadField('owner')}
        ids={lead.owner}
        canEdit={canEdit}
        onChange={(owner) => change({ owner })}
        emptyText={t('leads.detail.noOwners')}
      />
    </SideCard>
  );
};
