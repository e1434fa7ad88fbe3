import {
  Box,
  Button,
  IconButton,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
  useTheme,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import ChevronLeft from '../../../shared/icons/ChevronLeft';
import ChevronRight from '../../../shared/icons/ChevronRight';
import { AGENDA_VIEWS, type AgendaView } from '../agenda-range';

type ToolbarProps = {
  view: AgendaView;
  title: string;
  onView: (view: AgendaView) => void;
  onStep: (step: 1 | -1) => void;
  onToday: () => void;
};

/** Back, forth and today, the period shown, and the day / week / month switch. */
export const AgendaToolbar = ({ view, title, onView, onStep, onToday }: ToolbarProps) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const flip = theme.direction === 'rtl' ? { transform: 'scaleX(-1)' } : undefined;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Tooltip title={t(`agendas.previous.${view}`)}>
        <IconButton
          aria-label={t(`agendas.previous.${view}`)}
          onClick={() => onStep(-1)}
          data-testid="agenda-previous"
        >
          <ChevronLeft sx={flip} />
        </IconButton>
      </Tooltip>
      <Tooltip title={t(`agendas.next.${view}`)}>
        <IconButton
          aria-label={t(`agendas.next.${view}`)}
          onClick={() => onStep(1)}
          data-testid="agenda-next"
        >
          <ChevronRight sx={flip} />
        </IconButton>
      </Tooltip>
      <Button size="small" variant="outlined" onClick={onToday} data-testid="agenda-today">
        {t('agendas.today')}
      </Button>
      <Typography
        variant="h6"
        component="h2"
        sx={{ flex: '1 1 200px', '&::first-letter': { textTransform: 'uppercase' } }}
        aria-live="polite"
        data-testid="agenda-title"
      >
        {title}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={view}
        aria-label={t('agendas.viewLabel')}
        onChange={(_event, next: AgendaView | null) => next && onView(next)}
      >
        {AGENDA_VIEWS.map((option) => (
          <ToggleButton key={option} value={option} data-testid={`agenda-view-${option}`}>
            {t(`agendas.view.${option}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
};
