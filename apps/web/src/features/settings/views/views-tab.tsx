import { VIEW_MODULES, type View } from '@conversa/domain';
import { Box, Button, Card, Chip, IconButton, Skeleton, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount, useCan } from '../../../shared/account/use-account';
import DeleteOutline from '../../../shared/icons/DeleteOutline';
import DriveFileRenameOutline from '../../../shared/icons/DriveFileRenameOutline';
import ErrorOutline from '../../../shared/icons/ErrorOutline';
import Star from '../../../shared/icons/Star';
import StarBorder from '../../../shared/icons/StarBorder';
import ViewColumnOutlined from '../../../shared/icons/ViewColumnOutlined';
import { notify } from '../../../shared/notify';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useDeleteView, useUpdateView, useViews } from '../api/views';
import { ConfirmDialog } from '../confirm-dialog';
import { RenameViewDialog } from './rename-view-dialog';

/**
 * The saved views of each module: the company's (shared, changed with setting.edit) and the person's own.
 * A view is renamed, made the module's default or deleted here; columns and filters are chosen on the
 * module's own page.
 */
export const ViewsTab = () => {
  const { t } = useTranslation();
  const can = useCan();
  const { user } = useAccount();
  const views = useViews();
  const update = useUpdateView();
  const remove = useDeleteView();
  const [renaming, setRenaming] = useState<View | null>(null);
  const [deleting, setDeleting] = useState<View | null>(null);
  const canChange = (view: View) => view.owner === user.id || (view.owner === null && can('setting.edit'));

  if (views.isError) {
    return (
      <EmptyState
        icon={ErrorOutline}
        title={t('settings.views.loadFailed')}
        action={<Button onClick={() => void views.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography color="text.secondary">{t('settings.views.help')}</Typography>
      {VIEW_MODULES.map((module) => {
        const ofModule = (views.data ?? []).filter((view) => view.module === module);
        return (
          <Card key={module} variant="outlined" data-testid={`views-${module}`}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, px: 2, pt: 1.5, pb: 1 }}>
              {t(`settings.views.module.${module}`)}
            </Typography>
            {views.isPending ? (
              <Box sx={{ px: 2, pb: 1.5 }}>
                <Skeleton height={40} />
              </Box>
            ) : ofModule.length === 0 ? (
              <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
                {t('settings.views.empty')}
              </Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
                {ofModule.map((view) => (
                  <Box
                    component="li"
                    key={view.id}
                    data-testid="view-row"
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 1,
                      px: 2,
                      py: 1,
                      borderTop: 1,
                      borderColor: 'divider',
                      flexWrap: 'wrap',
                    }}
                  >
                    <Tooltip
                      title={t(view.is_default ? 'settings.views.isDefault' : 'settings.views.makeDefault')}
                    >
                      <span>
                        <IconButton
                          size="small"
                          color={view.is_default ? 'warning' : 'default'}
                          disabled={view.is_default || !canChange(view)}
                          onClick={() => update.mutate({ id: view.id, changes: { is_default: true } })}
                          aria-label={t('settings.views.makeDefaultOf', { name: view.name })}
                          aria-pressed={view.is_default}
                          data-testid="view-default"
                        >
                          {view.is_default ? <Star /> : <StarBorder />}
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Box sx={{ flex: 1, minWidth: 140 }}>
                      <Typography noWrap sx={{ fontWeight: 500 }}>
                        {view.name}
                      </Typography>
                      <Typography
                        variant="body2"
                        color="text.secondary"
                        sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
                      >
                        <ViewColumnOutlined fontSize="inherit" aria-hidden="true" />
                        {t('settings.views.columns', { count: view.columns.length })}
                      </Typography>
                    </Box>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={view.owner === null ? 'primary' : 'default'}
                      label={t(view.owner === null ? 'settings.views.company' : 'settings.views.personal')}
                    />
                    {canChange(view) && (
                      <Box sx={{ display: 'flex' }}>
                        <IconButton
                          size="small"
                          onClick={() => setRenaming(view)}
                          aria-label={t('settings.views.renameOf', { name: view.name })}
                          data-testid="view-rename"
                        >
                          <DriveFileRenameOutline fontSize="small" />
                        </IconButton>
                        <IconButton
                          size="small"
                          color="error"
                          onClick={() => setDeleting(view)}
                          aria-label={t('settings.views.deleteOf', { name: view.name })}
                          data-testid="view-delete"
                        >
                          <DeleteOutline fontSize="small" />
                        </IconButton>
                      </Box>
                    )}
                  </Box>
                ))}
              </Box>
            )}
          </Card>
        );
      })}
      {renaming && <RenameViewDialog key={renaming.id} view={renaming} onClose={() => setRenaming(null)} />}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t('settings.views.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('settings.views.deleteText')}
        confirmLabel={t('settings.views.delete')}
        isPending={remove.isPending}
        testId="view-delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notify(t('settings.views.deleted', { name: deleting.name }), 'success');
              setDeleting(null);
            },
          })
        }
      />
    </Box>
  );
};
