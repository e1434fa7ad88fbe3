import type { Pipeline } from '@conversa/domain';
import { Box, Button, Card, IconButton, List, ListItem, ListItemText, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount, useCan } from '../../../shared/account/use-account';
import Add from '../../../shared/icons/Add';
import DeleteOutline from '../../../shared/icons/DeleteOutline';
import EditOutlined from '../../../shared/icons/EditOutlined';
import ViewKanbanOutlined from '../../../shared/icons/ViewKanbanOutlined';
import { notify } from '../../../shared/notify';
import { ConfirmPopover } from '../../../shared/records/components/confirm-popover';
import { ListChip } from '../../../shared/records/components/list-chip';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useDeletePipeline } from '../api/pipelines';
import { PipelineDialog } from './pipeline-dialog';

/**
 * The company's sales pipelines and their stages (the deals board's columns): made, edited and deleted
 * with setting.edit, read-only with setting.view. A pipeline that holds deals cannot be deleted.
 */
export const PipelinesTab = () => {
  const { t } = useTranslation();
  const can = useCan();
  const canEdit = can('setting.edit');
  const { list_pipeline } = useAccount();
  const remove = useDeletePipeline();
  const [editing, setEditing] = useState<Pipeline | 'new' | null>(null);
  const [deleting, setDeleting] = useState<{ pipeline: Pipeline; anchor: HTMLElement } | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    const { pipeline } = deleting;
    remove.mutate(pipeline.id, {
      onSuccess: () => notify(t('settings.pipelines.deleted', { name: pipeline.name }), 'success'),
      onError: (error) => notify(error.message || t('errors.generic'), 'error'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 900 }}>
      {canEdit && (
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setEditing('new')}
          sx={{ justifySelf: 'start' }}
          data-testid="pipeline-new"
        >
          {t('settings.pipelines.new')}
        </Button>
      )}
      <Card variant="outlined">
        {list_pipeline.length === 0 ? (
          <EmptyState
            icon={ViewKanbanOutlined}
            title={t('settings.pipelines.empty')}
            description={t('settings.pipelines.emptyHelp')}
          />
        ) : (
          <List>
            {list_pipeline.map((pipeline) => (
              <ListItem
                key={pipeline.id}
                divider
                data-testid="pipeline-row"
                sx={{ flexWrap: 'wrap', gap: 1 }}
              >
                <ListItemText
                  primary={pipeline.name}
                  secondary={
                    <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                      {[...pipeline.stages]
                        .sort((a, b) => a.order - b.order)
                        .map((stage) => (
                          <ListChip key={stage.id} label={stage.name} color={stage.color} />
                        ))}
                    </Box>
                  }
                  slotProps={{ secondary: { component: 'div' } }}
                />
                {canEdit && (
                  <Box sx={{ display: 'flex', gap: 0.5 }}>
                    <Tooltip title={t('settings.pipelines.edit')}>
                      <IconButton
                        aria-label={t('settings.pipelines.editNamed', { name: pipeline.name })}
                        onClick={() => setEditing(pipeline)}
                        data-testid="pipeline-edit"
                      >
                        <EditOutlined />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('settings.pipelines.delete')}>
                      <IconButton
                        aria-label={t('settings.pipelines.deleteNamed', { name: pipeline.name })}
                        onClick={(event) => setDeleting({ pipeline, anchor: event.currentTarget })}
                        data-testid="pipeline-delete"
                      >
                        <DeleteOutline />
                      </IconButton>
                    </Tooltip>
                  </Box>
                )}
              </ListItem>
            ))}
          </List>
        )}
      </Card>
      {editing !== null && (
        <PipelineDialog
          key={editing === 'new' ? 'new' : editing.id}
          pipeline={editing === 'new' ? undefined : editing}
          isOpen
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmPopover
        anchor={deleting?.anchor ?? null}
        question={t('settings.pipelines.confirmDelete', { name: deleting?.pipeline.name ?? '' })}
        isPending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </Box>
  );
};
