import { contactLabel, type Deal, type DealUpdateInput } from '@conversa/domain';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccount, useCan } from '../../../shared/account/use-account';
import ContactsOutlined from '../../../shared/icons/ContactsOutlined';
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
import { OpenInChatButton } from '../../contacts/components/contact-detail-conversation';
import { useSaveDeal } from '../api/deals';
import { dealField } from '../deal-fields';
import { pipelineOfStage } from '../pipeline-order';
import { OutcomeChip } from './outcome-chip';

const contactPath = (id: string) => `/app/contacts/detail/${id}`;

/** The deal's contact: a link to the contact's page and the way into their conversation. */
const DealContactCard = ({ deal }: { deal: Deal }) => {
  const { t } = useTranslation();
  const can = useCan();
  const contact = deal.contact;
  return (
    <Card variant="outlined" data-testid="deal-contact">
      <CardContent>
        <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
          {t('records.field.contact')}
        </Typography>
        {contact ? (
          <Stack spacing={1.5}>
            <Box>
              <Typography sx={{ fontWeight: 600 }}>{contactLabel(contact)}</Typography>
              {contact.phone && (
                <Typography color="text.secondary" dir="ltr" sx={{ unicodeBidi: 'isolate' }}>
                  +{contact.phone}
                </Typography>
              )}
            </Box>
            <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
              {can('contact.view') && (
                <Button
                  component={Link}
                  to={contactPath(contact.id)}
                  variant="outlined"
                  startIcon={<ContactsOutlined />}
                  data-testid="deal-contact-link"
                >
                  {t('deals.detail.openContact')}
                </Button>
              )}
              <OpenInChatButton contactId={contact.id} />
            </Stack>
          </Stack>
        ) : (
          <Typography color="text.secondary">{t('deals.detail.noContact')}</Typography>
        )}
      </CardContent>
    </Card>
  );
};

/** The deal's stage, outcome, owners and tags (chosen and saved at once with deal.edit), and its contact. */
export const DealDetailSide = ({ deal, canEdit }: { deal: Deal; canEdit: boolean }) => {
  const { t } = useTranslation();
  const { list_pipeline } = useAccount();
  const change = useSaveAtOnce<DealUpdateInput>(useSaveDeal(deal.id));
  const pipeline = list_pipeline.find((candidate) => candidate.id === deal.pipeline_id);
  const stage = pipeline?.stages.find((candidate) => candidate.id === deal.pipeline_stage_id);
  // A stage of another pipeline moves the deal to that pipeline too.
  const moveTo = (stageId: string) => {
    const target = pipelineOfStage(list_pipeline, stageId);
    if (target && stageId !== deal.pipeline_stage_id) {
      change({ pipeline_id: target.id, pipeline_stage_id: stageId });
    }
  };

  return (
    <Stack spacing={3}>
      <SideCard>
        <SideSection title={t('records.field.pipelineStage')}>
          {canEdit ? (
            <FieldInput
              module="deal"
              field={dealField('pipeline_stage_id')}
              value={deal.pipeline_stage_id}
              onChange={(value) => moveTo(choiceOf(value))}
              label={t('records.field.pipelineStage')}
            />
          ) : stage ? (
            <ListChip label={`${pipeline?.name ?? ''} · ${stage.name}`} color={stage.color} />
          ) : null}
        </SideSection>
        <SideSection title={t('records.field.outcome')}>
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <OutcomeChip stage={deal.stage} isOpenShown />
            {deal.stage === 'lost' && deal.lost_reason && (
              <Typography variant="body2" data-testid="deal-lost-reason-shown">
                {t('records.field.lostReason')}: {deal.lost_reason}
              </Typography>
            )}
          </Stack>
        </SideSection>
        <OwnersSection
          module="deal"
          field={dealField('owner')}
          ids={deal.owner}
          canEdit={canEdit}
          onChange={(owner) => change({ owner })}
          emptyText={t('deals.detail.noOwners')}
        />
        <TagsSection
          module="deal"
          field={dealField('tags')}
          ids={deal.tags}
          canEdit={canEdit}
          onChange={(tags) => change({ tags })}
          inputLabel={t('records.field.tags')}
        />
      </SideCard>
      <DealContactCard deal={deal} />
    </Stack>
  );
};
