import type { ChannelType } from '@conversa/domain';
import { Box, ButtonBase, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CHANNEL_CHOICES } from '../channel-config';
import { ChannelAvatar } from './channel-icon';

/** The provider as big, recognisable tiles: the first thing the new-device dialog asks. */
export const ChannelChoice = ({
  value,
  onChange,
}: {
  value: ChannelType;
  onChange: (type: ChannelType) => void;
}) => {
  const { t } = useTranslation();
  return (
    <Box
      role="radiogroup"
      aria-label={t('devices.provider')}
      sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(4, 1fr)' } }}
    >
      {CHANNEL_CHOICES.map((type) => {
        const isChosen = type === value;
        return (
          <ButtonBase
            key={type}
            role="radio"
            aria-checked={isChosen}
            onClick={() => onChange(type)}
            data-testid={`channel-choice-${type}`}
            sx={{
              flexDirection: 'column',
              gap: { xs: 0.5, sm: 1 },
              py: { xs: 1, sm: 1.5 },
              px: 0.5,
              borderRadius: 2,
              border: 2,
              borderColor: isChosen ? 'primary.main' : 'divider',
              bgcolor: isChosen ? 'action.selected' : 'transparent',
              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
            }}
          >
            <ChannelAvatar type={type} size={36} />
            <Typography
              variant="body2"
              sx={{ fontWeight: isChosen ? 600 : 400, textAlign: 'center', fontSize: { xs: 13, sm: 14 } }}
            >
              {t(`devices.providers.${type}`)}
            </Typography>
          </ButtonBase>
        );
      })}
    </Box>
  );
};
