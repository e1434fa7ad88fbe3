import type { Lead, LeadUpdateInput } from '@conversa/domain';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';
import { notify } from '../../../shared/notify';
import { FieldInput } from '../../../shared/records/components/field-input';
import { ListChip } from '../../../shared/records/components/list-chip';
import { useSaveLead } from '../api/leads';
import { leadField } from '../lead-fields';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box>
    <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

/** The lead's status, tags and owners: chosen and saved at once with lead.edit, shown as chips without. */
export const LeadDetailSide = ({ lead, canEdit }: { lead: Lead; canEdit: boolean }) => {
  const { t } = useTranslation();
  const { list_dinamic, list_user } = useAccount();
  const save = useSaveLead(lead.id);
  const change = (patch: LeadUpdateInput) =>
    save.mutate(patch, {
      onError: (error) => notify(error.message || t('recordDetail.saveFailed'), 'error'),
    });
  const itemOf = (id: string) => list_dinamic.find((item) => item.id === id);
  const status = itemOf(lead.status_id);
  const owners = lead.owner.map((id) => list_user.find((user) => user.id === id)?.name ?? id);

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2.5}>
          <Section title={t('records.field.status')}>
            {canEdit ? (
              <FieldInput
                module="lead"
                field={leadField('status_id')}
                value={lead.status_id}
                onChange={(value) => change({ status_id: Array.isArray(value) ? (value[0] ?? '') : value })}
                label={t('records.field.status')}
              />
            ) : status ? (
              <ListChip label={status.name} color={status.color} />
            ) : (
              <Typography color="text.secondary">{t('leads.kanban.noStatus')}</Typography>
            )}
          </Section>
          <Section title={t('records.field.tags')}>
            {canEdit ? (
              <FieldInput
                module="lead"
                field={leadField('tags')}
                value={lead.tags}
                onChange={(value) => change({ tags: Array.isArray(value) ? value : [value] })}
                label={t('leads.new.tags')}
                canCreate
              />
            ) : lead.tags.length > 0 ? (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {lead.tags.map((id) => (
                  <ListChip key={id} label={itemOf(id)?.name ?? id} color={itemOf(id)?.color} />
                ))}
              </Box>
            ) : (
              <Typography color="text.secondary">{t('leads.detail.noTags')}</Typography>
            )}
          </Section>
          <Section title={t('records.field.owner')}>
            {canEdit ? (
              <FieldInput
                module="lead"
                field={leadField('owner')}
                value={lead.owner}
                onChange={(value) => change({ owner: Array.isArray(value) ? value : [value] })}
                label={t('records.field.owner')}
              />
            ) : (
              <Typography color={owners.length > 0 ? 'text.primary' : 'text.secondary'}>
                {owners.length > 0 ? owners.join(', ') : t('leads.detail.noOwners')}
              </Typography>
            )}
          </Section>
        </Stack>
      </CardContent>
    </Card>
  );
};
