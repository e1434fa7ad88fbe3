import type { ListItem } from '@conversa/domain';
import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ListChip } from './components/list-chip';

/** The data tab of a record's page: its data form beside (or, on narrow screens, above) its side panel. */
export const DetailDataLayout = ({ data, side }: { data: ReactNode; side: ReactNode }) => (
  <Box
    sx={{
      display: 'grid',
      gap: 3,
      gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' },
      alignItems: 'start',
    }}
  >
    {data}
    {side}
  </Box>
);

type RecordSubtitleProps = {
  phone: string;
  email: string;
  /** The record's stage or status, when it has one the company still lists. */
  chip: ListItem | undefined;
  /** Marks of the module's own after the chip. */
  children?: ReactNode;
};

/** Under a record's title: its phone (left to right in any language), e-mail and stage or status. */
export const RecordSubtitle = ({ phone, email, chip, children }: RecordSubtitleProps) => (
  <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
    {phone && (
      <Typography dir="ltr" sx={{ unicodeBidi: 'isolate' }}>
        +{phone}
      </Typography>
    )}
    {email && <Typography sx={{ overflowWrap: 'anywhere' }}>{email}</Typography>}
    {chip && <ListChip label={chip.name} color={chip.color} />}
    {children}
  </Stack>
);
