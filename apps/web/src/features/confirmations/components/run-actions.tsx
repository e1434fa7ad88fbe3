import type { ConfirmationRun } from '@conversa/domain';
import { Box, Button } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../shared/account/use-account';
import DeleteOutline from '../../../shared/icons/DeleteOutline';
import PlayArrowOutlined from '../../../shared/icons/PlayArrowOutlined';
import StopCircleOutlined from '../../../shared/icons/StopCircleOutlined';
import { notify } from '../../../shared/notify';
import { ConfirmPopover } from '../../../shared/records/components/confirm-popover';
import { useDeleteRun, useRunCommand } from '../api/confirmations';
import { type RunAction, runActionsFor } from '../run-status';

const ICONS: Record<RunAction, ReactElement> = {
  start: <PlayArrowOutlined />,
  cancel: <StopCircleOutlined />,
  delete: <DeleteOutline />,
};

/**
 * The buttons a run's state and the person's permissions allow: start now, cancel, delete. Cancel and
 * delete cannot be undone, so they ask first; a refusal shows the server's words in the snackbar.
 */
export const RunActions = ({
  run,
  onDeleted,
  size = 'small',
}: {
  run: ConfirmationRun;
  onDeleted?: () => void;
  size?: 'small' | 'medium';
}) => {
  const { t } = useTranslation();
  const can = useCan();
  const command = useRunCommand();
  const remove = useDeleteRun();
  const [asking, setAsking] = useState<{ action: RunAction; anchor: HTMLElement } | null>(null);
  const isPending = command.isPending || remove.isPending;

  const perform = (action: RunAction) => {
    setAsking(null);
    if (action === 'delete') {
      remove.mutate(run.id, {
        onSuccess: () => {
          notify(t('confirmations.done.delete'), 'success');
          onDeleted?.();
        },
      });
      return;
    }
    command.mutate(
      { id: run.id, command: action },
      { onSuccess: () => notify(t(`confirmations.done.${action}`), 'success') },
    );
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
      {runActionsFor(run.status, can).map((action) => (
        <Button
          key={action}
          size={size}
          variant={action === 'start' ? 'contained' : 'outlined'}
          color={action === 'start' ? 'primary' : 'error'}
          startIcon={ICONS[action]}
          disabled={isPending}
          data-testid={`run-${action}`}
          onClick={(event) =>
            action === 'start' ? perform(action) : setAsking({ action, anchor: event.currentTarget })
          }
        >
          {t(`confirmations.actions.${action}`)}
        </Button>
      ))}
      <ConfirmPopover
        anchor={asking?.anchor ?? null}
        question={asking ? t(`confirmations.confirm.${asking.action}`) : ''}
        isPending={isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && perform(asking.action)}
      />
    </Box>
  );
};
