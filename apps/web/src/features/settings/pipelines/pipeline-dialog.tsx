import { type Pipeline, type PipelineCreateInput, pipelineCreateSchema } from '@conversa/domain';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client';
import { translateMessage } from '../../../shared/i18n';
import Add from '../../../shared/icons/Add';
import { notify } from '../../../shared/notify';
import { PALETTE } from '../../../shared/ui/color-palette';
import { FormDialog } from '../../../shared/ui/form-dialog';
import { useMoveStageDeals, useSavePipeline } from '../api/pipelines';
import { type StageDraft, StageRows } from './stage-rows';

let drafted = 0;
const newKey = () => `new-${++drafted}`;

const draftsOf = (pipeline: Pipeline | undefined, firstName: string): StageDraft[] =>
  pipeline
    ? [...pipeline.stages]
        .sort((a, b) => a.order - b.order)
        .map((stage) => ({ key: stage.id, id: stage.id, name: stage.name, color: stage.color }))
    : [{ key: newKey(), name: firstName, color: PALETTE[0]?.color ?? '#2196f3' }];

const inputOf = (name: string, stages: readonly StageDraft[]): PipelineCreateInput => ({
  name,
  stages: stages.map(({ id, name: stageName, color }) => ({ ...(id ? { id } : {}), name: stageName, color })),
});

type PipelineDialogProps = {
  /** The pipeline edited, or undefined for a new one. */
  pipeline: Pipeline | undefined;
  isOpen: boolean;
  onClose: () => void;
};

/**
 * A pipeline's name and stages (name, colour, order), saved as a whole stage list. A removed stage that
 * still holds deals is refused (406): the server's message shows, with a way to move those deals to a
 * kept stage first and save again.
 */
export const PipelineDialog = ({ pipeline, isOpen, onClose }: PipelineDialogProps) => {
  const { t } = useTranslation();
  const save = useSavePipeline();
  const moveDeals = useMoveStageDeals();
  const [name, setName] = useState(pipeline?.name ?? '');
  const [stages, setStages] = useState(() => draftsOf(pipeline, t('settings.pipelines.firstStage')));
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isInUse, setIsInUse] = useState(false);
  const [targets, setTargets] = useState<Record<string, string>>({});
  const checked = pipelineCreateSchema.safeParse(inputOf(name, stages));
  const issues = checked.success ? [] : checked.error.issues;
  const nameError = issues.find((issue) => issue.path[0] === 'name');
  const stageErrors = new Map(
    issues
      .filter((issue) => issue.path[0] === 'stages' && typeof issue.path[1] === 'number')
      .map((issue) => [issue.path[1] as number, translateMessage(issue.message) ?? '']),
  );
  const removed = (pipeline?.stages ?? []).filter((stage) => !stages.some((kept) => kept.id === stage.id));
  const keptWithId = stages.filter((stage) => stage.id !== undefined);

  const submit = async () => {
    setRefusal(null);
    try {
      await save.mutateAsync({ id: pipeline?.id, input: inputOf(name.trim(), stages) });
      notify(t(pipeline ? 'settings.pipelines.saved' : 'settings.pipelines.created', { name }), 'success');
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setIsInUse(error.status === 406 && removed.length > 0);
      setRefusal(error.info || t('errors.generic'));
    }
  };
  const moveThenSave = async () => {
    try {
      for (const stage of removed) {
        const to = targets[stage.id] ?? keptWithId[0]?.id;
        if (to) await moveDeals.mutateAsync({ from: stage.id, to });
      }
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : t('errors.generic'));
      return;
    }
    setIsInUse(false);
    await submit();
  };

  return (
    <FormDialog
      isOpen={isOpen}
      title={t(pipeline ? 'settings.pipelines.editTitle' : 'settings.pipelines.newTitle')}
      text={t('settings.pipelines.dialogText')}
      failure={isInUse ? null : refusal}
      isPending={save.isPending || moveDeals.isPending}
      canSubmit={checked.success && !isInUse}
      submitLabel={t('settings.pipelines.save')}
      testId="pipeline"
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        if (checked.success) void submit();
      }}
    >
      <TextField
        label={t('settings.pipelines.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        autoFocus
        error={name !== '' && Boolean(nameError)}
        helperText={name !== '' ? translateMessage(nameError?.message) : undefined}
        slotProps={{ htmlInput: { maxLength: 60, 'data-testid': 'pipeline-name' } }}
      />
      <Typography variant="subtitle2">{t('settings.pipelines.stages')}</Typography>
      <StageRows stages={stages} errors={stageErrors} onChange={setStages} />
      <Button
        startIcon={<Add />}
        onClick={() =>
          setStages((current) => [
            ...current,
            { key: newKey(), name: '', color: PALETTE[current.length % PALETTE.length]?.color ?? '#2196f3' },
          ])
        }
        disabled={stages.length >= 100}
        sx={{ justifySelf: 'start' }}
        data-testid="pipeline-add-stage"
      >
        {t('settings.pipelines.addStage')}
      </Button>
      {isInUse && (
        <Alert severity="warning" data-testid="pipeline-stage-in-use">
          <Stack spacing={1.5}>
            <span>{refusal}</span>
            <span>{t('settings.pipelines.moveFirst')}</span>
            {removed.map((stage) => (
              <Box key={stage.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ minWidth: 120 }}>
                  {stage.name} →
                </Typography>
                <TextField
                  select
                  size="small"
                  value={targets[stage.id] ?? keptWithId[0]?.id ?? ''}
                  onChange={(event) =>
                    setTargets((current) => ({ ...current, [stage.id]: event.target.value }))
                  }
                  sx={{ minWidth: 180 }}
                  slotProps={{
                    htmlInput: {
                      'aria-label': t('settings.pipelines.moveTo', { name: stage.name }),
                      'data-testid': 'pipeline-move-target',
                    },
                  }}
                >
                  {keptWithId.map((kept) => (
                    <MenuItem key={kept.key} value={kept.id}>
                      {kept.name}
                    </MenuItem>
                  ))}
                </TextField>
              </Box>
            ))}
            <Button
              variant="contained"
              color="warning"
              disabled={keptWithId.length === 0 || moveDeals.isPending || save.isPending}
              onClick={() => void moveThenSave()}
              sx={{ justifySelf: 'start', alignSelf: 'flex-start' }}
              data-testid="pipeline-move-and-save"
            >
              {t('settings.pipelines.moveAndSave')}
            </Button>
          </Stack>
        </Alert>
      )}
    </FormDialog>
  );
};
