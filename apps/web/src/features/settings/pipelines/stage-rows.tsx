import { Box, IconButton, MenuItem, TextField, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import ArrowDownward from '../../../shared/icons/ArrowDownward';
import ArrowUpward from '../../../shared/icons/ArrowUpward';
import DeleteOutline from '../../../shared/icons/DeleteOutline';
import { PALETTE } from '../../../shared/ui/color-palette';

/** A stage as the editor holds it: `key` tells rows apart while a new stage has no id yet. */
export type StageDraft = { key: string; id?: string; name: string; color: string };

type StageRowsProps = {
  stages: readonly StageDraft[];
  errors: ReadonlyMap<number, string>;
  onChange: (stages: StageDraft[]) => void;
};

const swap = <T,>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
};

/** The stages in order: each with its name and colour, moved up or down, or removed. */
export const StageRows = ({ stages, errors, onChange }: StageRowsProps) => {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<StageDraft>) =>
    onChange(stages.map((stage, at) => (at === index ? { ...stage, ...patch } : stage)));
  return (
    <Box
      component="ol"
      sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}
      aria-label={t('settings.pipelines.stages')}
    >
      {stages.map((stage, index) => (
        <Box
          component="li"
          key={stage.key}
          data-testid="pipeline-stage"
          sx={{ listStyle: 'none', display: 'flex', gap: 1, alignItems: 'flex-start' }}
        >
          <TextField
            select
            size="small"
            value={stage.color}
            onChange={(event) => set(index, { color: event.target.value })}
            sx={{ width: 72, flexShrink: 0 }}
            slotProps={{
              htmlInput: { 'aria-label': t('settings.pipelines.stageColor', { name: stage.name }) },
              select: {
                renderValue: (value) => (
                  <Box sx={{ width: 18, height: 18, borderRadius: '50%', bgcolor: String(value) }} />
                ),
              },
            }}
          >
            {[...new Set([stage.color, ...PALETTE.map((entry) => entry.color)])].map((color) => (
              <MenuItem key={color} value={color} aria-label={color}>
                <Box sx={{ width: 18, height: 18, borderRadius: '50%', bgcolor: color }} />
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            fullWidth
            value={stage.name}
            onChange={(event) => set(index, { name: event.target.value })}
            error={errors.has(index)}
            helperText={errors.get(index)}
            slotProps={{
              htmlInput: {
                maxLength: 60,
                'aria-label': t('settings.pipelines.stageName', { position: index + 1 }),
                'data-testid': 'pipeline-stage-name',
              },
            }}
          />
          <Tooltip title={t('settings.pipelines.up')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('settings.pipelines.up')}
                disabled={index === 0}
                onClick={() => onChange(swap(stages, index, index - 1))}
              >
                <ArrowUpward fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('settings.pipelines.down')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('settings.pipelines.down')}
                disabled={index === stages.length - 1}
                onClick={() => onChange(swap(stages, index, index + 1))}
              >
                <ArrowDownward fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('settings.pipelines.removeStage')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('settings.pipelines.removeStage')}
                disabled={stages.length === 1}
                onClick={() => onChange(stages.filter((_stage, at) => at !== index))}
                data-testid="pipeline-stage-remove"
              >
                <DeleteOutline fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
      ))}
    </Box>
  );
};
