import type { ListItem } from '@conversa/domain';
import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import PhoneOutlined from '../icons/PhoneOutlined';
import { ListChip } from './components/list-chip';

/** At most this many tag chips on a card; the rest is a "+n". */
const SHOWN_TAGS = 3;

type KanbanCardBodyProps = {
  name: string;
  phone: string;
  /** The record's tag ids; ids the company no longer lists are left out. */
  tagIds: readonly string[];
  /** The company's tags of the module by id. */
  tags: ReadonlyMap<string, ListItem>;
  /** A mark after the name (starred, converted). */
  mark?: ReactNode;
  /** A line of the module's own between the phone and the tags. */
  detail?: ReactNode;
  /** What the module shows under the tags (who holds the conversation). */
  children?: ReactNode;
};

/** A record on a board: its name (or phone), phone and first tags, with the module's own marks and lines. */
export const KanbanCardBody = ({
  name,
  phone,
  tagIds,
  tags,
  mark,
  detail,
  children,
}: KanbanCardBodyProps) => {
  const { t } = useTranslation();
  const known = tagIds.flatMap((id) => {
    const tag = tags.get(id);
    return tag ? [tag] : [];
  });
  return (
    <Stack spacing={1}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        <Typography variant="subtitle2" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
          {name || `+${phone}`}
        </Typography>
        {mark}
      </Box>
      {phone && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' }}>
          <PhoneOutlined sx={{ fontSize: 16 }} aria-hidden="true" />
          <Typography variant="body2" dir="ltr" sx={{ unicodeBidi: 'isolate' }}>
            +{phone}
          </Typography>
        </Box>
      )}
      {detail}
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
      {children}
    </Stack>
  );
};
