import { type Contact, initialsOf, type ListItem } from '@conversa/domain';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import StarRounded from '@mui/icons-material/StarRounded';
import { Avatar, Box, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ListChip } from '../../../shared/records/components/list-chip';

type ContactKanbanCardProps = {
  contact: Contact;
  /** The company's contact tags by id. */
  tags: ReadonlyMap<string, ListItem>;
  /** The assignee's name, undefined when nobody holds the conversation. */
  assignee: string | undefined;
};

/** At most this many tag chips on a card; the rest is a "+n". */
const SHOWN_TAGS = 3;

/** A contact on the board: name, phone, tags and who holds the conversation. */
export const ContactKanbanCard = ({ contact, tags, assignee }: ContactKanbanCardProps) => {
  const { t } = useTranslation();
  const known = contact.tags.flatMap((id) => {
    const tag = tags.get(id);
    return tag ? [tag] : [];
  });
  return (
    <Stack spacing={1}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        <Typography variant="subtitle2" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
          {contact.info.full_name || `+${contact.info.phone}`}
        </Typography>
        {contact.starred && (
          <StarRounded
            fontSize="small"
            sx={{ color: 'secondary.main' }}
            aria-label={t('records.field.starred')}
          />
        )}
      </Box>
      {contact.info.phone && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' }}>
          <PhoneOutlined sx={{ fontSize: 16 }} aria-hidden="true" />
          <Typography variant="body2" dir="ltr" sx={{ unicodeBidi: 'isolate' }}>
            +{contact.info.phone}
          </Typography>
        </Box>
      )}
      {known.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} aria-label={t('records.field.tags')}>
          {known.slice(0, SHOWN_TAGS).map((tag) => (
            <ListChip key={tag.id} label={tag.name} color={tag.color} />
          ))}
          {known.length > SHOWN_TAGS && (
            <ListChip
              label={`+${known.length - SHOWN_TAGS}`}
              title={known.map((tag) => tag.name).join(', ')}
            />
          )}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Tooltip title={t('records.field.assignee')}>
          <Avatar
            aria-hidden="true"
            sx={{
              width: 24,
              height: 24,
              fontSize: 11,
              bgcolor: assignee ? 'primary.main' : 'grey.300',
              color: assignee ? 'primary.contrastText' : 'text.secondary',
            }}
          >
            {assignee ? initialsOf(assignee) : '–'}
          </Avatar>
        </Tooltip>
        <Typography variant="caption" color="text.secondary" noWrap data-testid="kanban-card-assignee">
          {assignee ?? t('kanban.contact.unassigned')}
        </Typography>
      </Box>
    </Stack>
  );
};
