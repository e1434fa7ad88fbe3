import { CONTACT_FIELDS, type Contact, type SettingViewField, settingViewFields } from '@conversa/domain';
import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';
import { formattersFor } from '../../../shared/format/intl-format';
import { FieldInput } from '../../../shared/records/components/field-input';
import { ListChip } from '../../../shared/records/components/list-chip';
import { useSaveContact } from './contact-detail-query';

const FIELDS = settingViewFields(CONTACT_FIELDS);
const fieldOf = (key: string): SettingViewField => {
  const field = FIELDS.find((item) => item.key === key);
  if (!field) throw new Error(`the contact has no field ${key}`);
  return field;
};
const STAGE = fieldOf('stage');
const TAGS = fieldOf('tags');
const OWNERS = fieldOf('owner');

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box>
    <Typography variant="overline" color="text.secondary" component="h3" sx={{ display: 'block', mb: 0.5 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

const Empty = ({ text }: { text: string }) => (
  <Typography variant="body2" color="text.secondary">
    {text}
  </Typography>
);

/**
 * Beside the data: the contact's stage, tags (a new tag is made by typing its name), owners, who holds the
 * conversation and when the contact was created. Each change is saved at once; without contact.edit the
 * values are only shown.
 */
export const ContactDetailSide = ({ contact, canEdit }: { contact: Contact; canEdit: boolean }) => {
  const { t, i18n } = useTranslation();
  const { list_dinamic, list_user } = useAccount();
  const save = useSaveContact(contact.id);
  const itemOf = (id: string) => list_dinamic.find((item) => item.id === id);
  const userName = (id: string) =>
    list_user.find((user) => user.id === id)?.name ?? t('chat.panel.anotherUser');
  const stage = contact.stage ? itemOf(contact.stage) : undefined;

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2.5}>
          <Section title={t('records.field.stage')}>
            {canEdit ? (
              <FieldInput
                module="contact"
                field={STAGE}
                value={contact.stage}
                onChange={(value) => save.mutate({ stage: Array.isArray(value) ? (value[0] ?? '') : value })}
                label={t('records.field.stage')}
              />
            ) : stage ? (
              <ListChip label={stage.name} color={stage.color} />
            ) : (
              <Empty text={t('kanban.contact.noStage')} />
            )}
          </Section>
          <Section title={t('records.field.tags')}>
            {canEdit ? (
              <FieldInput
                module="contact"
                field={TAGS}
                value={contact.tags}
                onChange={(value) => save.mutate({ tags: Array.isArray(value) ? value : [value] })}
                label={t('recordDetail.contact.addTag')}
                canCreate
              />
            ) : contact.tags.length > 0 ? (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {contact.tags.map((id) => {
                  const tag = itemOf(id);
                  return <ListChip key={id} label={tag?.name ?? id} color={tag?.color} />;
                })}
              </Box>
            ) : (
              <Empty text={t('recordDetail.contact.noTags')} />
            )}
          </Section>
          <Section title={t('records.field.owner')}>
            {canEdit ? (
              <FieldInput
                module="contact"
                field={OWNERS}
                value={contact.owner}
                onChange={(value) => save.mutate({ owner: Array.isArray(value) ? value : [value] })}
                label={t('records.field.owner')}
              />
            ) : contact.owner.length > 0 ? (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {contact.owner.map((id) => (
                  <Chip key={id} size="small" label={userName(id)} />
                ))}
              </Box>
            ) : (
              <Empty text={t('recordDetail.contact.noOwners')} />
            )}
          </Section>
          <Section title={t('records.field.assignee')}>
            <Typography variant="body2">
              {contact.derivedto ? userName(contact.derivedto) : t('chat.panel.notAssigned')}
            </Typography>
          </Section>
          <Section title={t('records.field.createDate')}>
            <Typography variant="body2">
              {formattersFor(i18n.language).dateTime(contact.create_date)}
            </Typography>
          </Section>
        </Stack>
      </CardContent>
    </Card>
  );
};
