import type { Integration } from '@conversa/domain';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import NetworkCheck from '@mui/icons-material/NetworkCheck';
import { Box, Button, IconButton, TableCell, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client';
import { formattersFor } from '../../../shared/format/intl-format';
import { notify } from '../../../shared/notify';
import { wideOnly } from '../../../shared/ui/table-styles';
import { ConfirmDialog } from '../confirm-dialog';
import { useDeleteIntegration, useTestIntegration } from './integrations-api';

/**
 * What the bots' list and the webhooks' list share: the section's heading, the last call's cell, the row's
 * Test / Edit / Delete buttons and the delete confirmation. `texts` is the section's own wording
 * (`settings.integrations` or `settings.webhooks`: testOk, testFailed, testNamed, deleted, deleteTitle,
 * confirmDelete); `testId` the prefix of its test ids.
 */
type SectionWords = 'settings.integrations' | 'settings.webhooks' | 'settings.yeastar' | 'settings.zoho';

const failureText = (error: unknown, fallback: string) =>
  (error instanceof ApiError && error.info) || fallback;

export const SectionHeader = ({
  titleId,
  title,
  intro,
  action,
}: {
  titleId: string;
  title: string;
  intro: string;
  action: ReactNode;
}) => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
    <Box sx={{ flex: '1 1 320px', display: 'grid', gap: 0.5 }}>
      <Typography id={titleId} variant="h6" component="h2">
        {title}
      </Typography>
      <Typography color="text.secondary">{intro}</Typography>
    </Box>
    {action}
  </Box>
);

/** When the provider or the receiver last answered a call well, or "Never". */
export const LastCallCell = ({ integration, testId }: { integration: Integration; testId: string }) => {
  const { t, i18n } = useTranslation();
  return (
    <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }} data-testid={testId}>
      {integration.last_sync_at
        ? formattersFor(i18n.language).dateTime(integration.last_sync_at)
        : t('settings.integrations.neverSynced')}
    </TableCell>
  );
};

type ActionsProps = {
  integration: Integration;
  texts: SectionWords;
  testId: string;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** Buttons anyone who sees the row may use (the webhooks' delivery log), between Test and Edit. */
  children?: ReactNode;
};

/** Test (spins, then says how the call went), the section's own buttons, Edit and Delete. */
export const IntegrationActions = ({
  integration,
  texts,
  testId,
  canEdit,
  onEdit,
  onDelete,
  children,
}: ActionsProps) => {
  const { t } = useTranslation();
  const test = useTestIntegration();
  const runTest = () =>
    test.mutate(integration.id, {
      onSuccess: (tested) =>
        tested.status === 'connected'
          ? notify(t(`${texts}.testOk`, { name: tested.name }), 'success')
          : notify(
              t(`${texts}.testFailed`, { name: tested.name, error: tested.error || t('errors.generic') }),
              'error',
            ),
      onError: (error) => notify(failureText(error, t('errors.generic')), 'error'),
    });
  return (
    <>
      {canEdit && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<NetworkCheck />}
          loading={test.isPending}
          loadingPosition="start"
          onClick={runTest}
          aria-label={t(`${texts}.testNamed`, { name: integration.name })}
          data-testid={`${testId}-test`}
          sx={{ marginInlineEnd: 1 }}
        >
          {t('settings.integrations.test')}
        </Button>
      )}
      {children}
      {canEdit && (
        <>
          <Tooltip title={t('settings.integrations.edit')}>
            <IconButton
              aria-label={t('settings.integrations.editNamed', { name: integration.name })}
              onClick={onEdit}
              data-testid={`${testId}-edit`}
            >
              <EditOutlined />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('settings.integrations.delete')}>
            <IconButton
              aria-label={t('settings.integrations.deleteNamed', { name: integration.name })}
              onClick={onDelete}
              data-testid={`${testId}-delete`}
            >
              <DeleteOutline />
            </IconButton>
          </Tooltip>
        </>
      )}
    </>
  );
};

/** The confirmation before an integration is deleted, and the deletion with its message. */
export const DeleteIntegrationDialog = ({
  deleting,
  texts,
  testId,
  onClose,
}: {
  deleting: Integration | null;
  texts: SectionWords;
  testId: string;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const remove = useDeleteIntegration();
  const confirm = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notify(t(`${texts}.deleted`, { name: deleting.name }), 'success'),
      onError: (error) => notify(failureText(error, t('errors.generic')), 'error'),
      onSettled: onClose,
    });
  };
  return (
    <ConfirmDialog
      isOpen={deleting !== null}
      title={t(`${texts}.deleteTitle`)}
      text={t(`${texts}.confirmDelete`, { name: deleting?.name ?? '' })}
      confirmLabel={t('settings.integrations.delete')}
      isPending={remove.isPending}
      testId={`${testId}-delete`}
      onCancel={onClose}
      onConfirm={confirm}
    />
  );
};
