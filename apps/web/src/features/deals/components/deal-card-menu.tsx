import type { Deal, PipelineStage } from '@conversa/domain';
import { Box, IconButton, ListItemText, Menu, MenuItem } from '@mui/material';
import { type SyntheticEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import MoreVert from '../../../shared/icons/MoreVert';

type DealCardMenuProps = {
  deal: Deal;
  stages: readonly PipelineStage[];
  onMove: (stageId: string) => void;
  onOutcome: (stage: 'win' | 'lost' | 'open') => void;
};

// The card opens the deal on a click or Enter and lifts on Space: the menu's own keys and clicks stay here
// (React carries them up from the menu's portal too).
const keep = (event: SyntheticEvent) => event.stopPropagation();

/** The keyboard's way to do what dragging does: move the deal to a stage, win it or lose it. */
export const DealCardMenu = ({ deal, stages, onMove, onOutcome }: DealCardMenuProps) => {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isChoosingStage, setIsChoosingStage] = useState(false);
  const close = () => {
    setAnchor(null);
    setIsChoosingStage(false);
  };
  const act = (run: () => void) => () => {
    close();
    run();
  };
  return (
    <Box onClick={keep} onKeyDown={keep} onMouseDown={keep} onTouchStart={keep} onPointerDown={keep}>
      <IconButton
        size="small"
        aria-label={t('deals.card.menu', { name: deal.name })}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="deal-card-menu"
        sx={{ my: -0.5 }}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        {isChoosingStage
          ? stages
              .filter((stage) => stage.id !== deal.pipeline_stage_id)
              .map((stage) => (
                <MenuItem key={stage.id} onClick={act(() => onMove(stage.id))} data-testid="deal-move-stage">
                  <Box
                    component="span"
                    sx={{
                      width: 10,
                      height: 10,
                      borderRadius: '50%',
                      bgcolor: stage.color,
                      marginInlineEnd: 1.5,
                    }}
                  />
                  <ListItemText>{stage.name}</ListItemText>
                </MenuItem>
              ))
          : [
              <MenuItem key="move" onClick={() => setIsChoosingStage(true)} data-testid="deal-move">
                {t('deals.card.moveTo')}
              </MenuItem>,
              deal.stage !== 'win' && (
                <MenuItem key="win" onClick={act(() => onOutcome('win'))} data-testid="deal-mark-win">
                  {t('deals.card.markWon')}
                </MenuItem>
              ),
              deal.stage !== 'lost' && (
                <MenuItem key="lost" onClick={act(() => onOutcome('lost'))} data-testid="deal-mark-lost">
                  {t('deals.card.markLost')}
                </MenuItem>
              ),
              deal.stage !== 'open' && (
                <MenuItem key="open" onClick={act(() => onOutcome('open'))} data-testid="deal-reopen">
                  {t('deals.card.reopen')}
                </MenuItem>
              ),
            ]}
      </Menu>
    </Box>
  );
};
