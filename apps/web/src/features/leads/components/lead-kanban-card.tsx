import type { Lead, ListItem } from '@conversa/domain';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import { Box, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ListChip } from '../../../shared/records/components/list-chip';

/** At most this many tag chips on a card; the rest is a "+n". */
const SHOWN_TAGS = 3;

/** A lead on the board: name, phone, source, tags, and a mark once it became a contact. */
export const LeadKanbanCard = ({ lead, tags }: { lead: Lead; tags: ReadonlyMap<string, ListItem> }) => {
  const { t } = useTranslation();
  const known = lead.tags.flatMap((id) => {
    const tag = tags.get(id);
    return tag ? [tag] : [];
  });
  return (
    <Stack spacing={1}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        <Typography variant="subtitle2" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
          {lead.full_name || `+${lead.phone}`}
        </Typography>
        {lead.converted_contact_id && (
          <Tooltip title={t('leads.converted')}>
            <CheckCircleOutline fontSize="small" color="success" aria-label={t('leads.converted')} />
          </Tooltip>
        )}
      </Box>
      {lead.phone && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' }}>
          <PhoneOutlined sx={{ fontSize: 16 }} aria-hidden="true" />
          <Typography variant="body2" dir="ltr" sx={{ unicodeBidi: 'isolate' }}>
            +{lead.phone}
          </Typography>
        </Box>
      )}
      {lead.source && (
        <Typography variant="caption" color="text.secondary" noWrap>
          {t('records.field.source')}: {lead.source}
        </Typography>
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
    </Stack>
  );
};
