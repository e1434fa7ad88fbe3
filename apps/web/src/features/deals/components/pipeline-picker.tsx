import type { Pipeline } from '@conversa/domain';
import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

type PipelinePickerProps = {
  pipelines: readonly Pipeline[];
  value: string;
  onChange: (id: string) => void;
};

/** Which pipeline the board shows. */
export const PipelinePicker = ({ pipelines, value, onChange }: PipelinePickerProps) => {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('records.field.pipeline')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 180 }}
      slotProps={{ htmlInput: { 'data-testid': 'pipeline-picker' } }}
    >
      {pipelines.map((pipeline) => (
        <MenuItem key={pipeline.id} value={pipeline.id}>
          {pipeline.name}
        </MenuItem>
      ))}
    </TextField>
  );
};
