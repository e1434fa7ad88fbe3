import { type Contact, initialsOf, type ListItem } from '@conversa/domain';
import { Avatar, Box, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import StarRounded from '../../../shared/icons/StarRounded';
import { KanbanCardBody } from '../../../shared/records/kanban-card-body';

type ContactKanbanCardProps = {
  contact: Contact;
  /** The company's contact tags by id. */
  tags: ReadonlyMap<string, ListItem>;
  /** The assignee's name, undefined when nobody holds the conversation. */
  assignee: string | undefined;
};

/** A contact on the board: name, phone, tags and who holds the conversation. */
export const ContactKanbanCard = ({ contact, tags, assignee }: ContactKanbanCardProps) => {
  const { t } = useTranslation();
  return (
    <KanbanCardBody
      name={contact.info.full_name}
      phone={contact.info.phone}
      tagIds={contact.tags}
      tags={tags}
      mark={
        contact.starred && (
          <StarRounded
            fontSize="small"
            sx={{ color: 'secondary.main' }}
            aria-label={t('records.field.starred')}
          />
        )
      }
    >
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
    </KanbanCardBody>
  );
};
