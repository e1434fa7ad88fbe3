import type { Diffusion } from '@conversa/domain';
import { Box, Button } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../shared/account/use-account';
import { ApiError } from '../../../shared/api-client';
import DeleteOutline from '../../../shared/icons/DeleteOutline';
import EditOutlined from '../../../shared/icons/EditOutlined';
import PauseOutlined from '../../../shared/icons/PauseOutlined';
import PlayArrowOutlined from '../../../shared/icons/PlayArrowOutlined';
import StopCircleOutlined from '../../../shared/icons/StopCircleOutlined';
import { notify } from '../../../shared/notify';
import { ConfirmPopover } from '../../../shared/records/components/confirm-popover';
import { useDeleteDiffusion, useDiffusionCommand } from '../api/diffusions';
import { actionsFor, type DiffusionAction } from '../diffusion-status';

const ICONS: Record<DiffusionAction, ReactElement> = {
  start: <PlayArrowOutlined />,
  resume: <PlayArrowOutlined />,
  pause: <PauseOutlined />,
  cancel: <StopCircleOutlined />,
  edit: <EditOutlined />,
  delete: <DeleteOutline />,
};

/** Cancel and Delete cannot be undone, so they ask first (the spec's Cancel/Yes popover). */
const ASKS_FIRST: DiffusionAction[] = ['cancel', 'delete'];

/**
 * The buttons a diffusion's state and the person's permissions allow: start, pause, resume, cancel,
 * edit, delete. The new state arrives in the answer and in the realtime notification.
 */
export const DiffusionActions = ({
  diffusion,
  onEdit,
  onDeleted,
  size = 'small',
}: {
  diffusion: Diffusion;
  onEdit: (diffusion: Diffusion) => void;
  onDeleted?: () => void;
  size?: 'small' | 'medium';
}) => {
  const { t } = useTranslation();
  const can = useCan();
  const command = useDiffusionCommand();
  const remove = useDeleteDiffusion();
  const [asking, setAsking] = useState<{ action: DiffusionAction; anchor: HTMLElement } | null>(null);
  const isPending = command.isPending || remove.isPending;

  const run = (action: DiffusionAction) => {
    setAsking(null);
    // A refusal (a diffusion that changed state meanwhile) is already shown by the client's snackbar.
    perform(action).catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
    });
  };
  const perform = async (action: DiffusionAction) => {
    if (action === 'edit') return onEdit(diffusion);
    if (action === 'delete') {
      await remove.mutateAsync(diffusion.id);
      notify(t('diffusions.deleted'), 'success');
      return onDeleted?.();
    }
    const { info } = await command.mutateAsync({ id: diffusion.id, command: action });
    // The server's words for a start: outside its send window they say when the first message will go.
    notify(action === 'start' && info ? info : t(`diffusions.done.${action}`), 'success');
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
      {actionsFor(diffusion.status, can).map((action) => (
        <Button
          key={action}
          size={size}
          variant={action === 'start' || action === 'resume' ? 'contained' : 'outlined'}
          color={ASKS_FIRST.includes(action) ? 'error' : 'primary'}
          startIcon={ICONS[action]}
          disabled={isPending}
          data-testid={`diffusion-${action}`}
          onClick={(event) =>
            ASKS_FIRST.includes(action) ? setAsking({ action, anchor: event.currentTarget }) : run(action)
          }
        >
          {t(`diffusions.actions.${action}`)}
        </Button>
      ))}
      <ConfirmPopover
        anchor={asking?.anchor ?? null}
        question={asking ? t(`diffusions.confirm.${asking.action}`, { name: diffusion.name }) : ''}
        isPending={isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && run(asking.action)}
      />
    </Box>
  );
};
