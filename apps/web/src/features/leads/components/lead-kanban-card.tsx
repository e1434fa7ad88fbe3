import type { Lead, ListItem } from '@conversa/domain';
import { Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import CheckCircleOutline from '../../../shared/icons/CheckCircleOutline';
import { KanbanCardBody } from '../../../shared/records/kanban-card-body';

/** A lead on the board: name, phone, source, tags, and a mark once it became a contact. */
export const LeadKanbanCard = ({ lead, tags }: { lead: Lead; tags: ReadonlyMap<string, ListItem> }) => {
  const { t } = useTranslation();
  return (
    <KanbanCardBody
      name={lead.full_name}
      phone={lead.phone}
      tagIds={lead.tags}
      tags={tags}
      mark={
        lead.converted_contact_id && (
          <Tooltip title={t('leads.converted')}>
            <CheckCircleOutline fontSize="small" color="success" aria-label={t('leads.converted')} />
          </Tooltip>
        )
      }
      detail={
        lead.source && (
          <Typography variant="caption" color="text.secondary" noWrap>
            {t('records.field.source')}: {lead.source}
          </Typography>
        )
      }
    />
  );
};
