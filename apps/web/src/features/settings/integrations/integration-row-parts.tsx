import type { Integration } from '@conversa/domain';
import { Button, IconButton, TableCell, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client';
import { formattersFor } from '../../../shared/format/intl-format';
import DeleteOutline from '../../../shared/icons/DeleteOutline';
import EditOutlined from '../../../shared/icons/EditOutlined';
import NetworkCheck from '../../../shared/icons/NetworkCheck';
import { notify } from '../../../shared/notify';
import { wideOnly } from '../../../shared/ui/table-styles';
import { ConfirmDialog } from '../confirm-dialog';
import { StatusCell } from './integration-status';
import { useDeleteIntegration, useTestIntegration } from './integrations-api';

/**
 * What the rows of the integrations' lists share (bots, webhooks, PBX, CRM): the status, the last call's
 * cell, the Test / Edit / Delete buttons and the delete confirmation. `texts` is the section's own wording
 * (testOk, testFailed, testNamed, deleted, deleteTitle, confirmDelete); `testId` the prefix of its test ids.
 */
type SectionWords =
  | 'settings.integrations'
  | 'settings.webhooks'
  | 'settings.yeastar'
  | 'settings.zoho'
  | 'settings.scheduling';

const failureText = (error: unknown, fallback: string) =>
  (error instanceof ApiError && error.info) || fallback;

/**
 * When the provider or the receiver last answered a call well, or "Never"; the product's own (the
 * Standard agenda) calls nobody and says it is built in.
 */
const LastCallCell = ({
  integration,
  testId,
  isBuiltIn,
}: {
  integration: Integration;
  testId: string;
  isBuiltIn: boolean;
}) => {
  const { t, i18n } = useTranslation();
  return (
    <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }} data-testid={testId}>
      {isBuiltIn
        ? t('settings.integrations.builtIn')
        : integration.last_sync_at
          ? formattersFor(i18n.language).dateTime(integration.last_sync_at)
          : t('settings.integrations.neverSynced')}
    </TableCell>
  );
};

/**
 * A row's icon button (edit, delete, a webhook's log, a key's revocation): the tooltip says the action,
 * the accessible name says it of that row.
 */
export const RowIconButton = ({
  title,
  label,
  icon,
  testId,
  onClick,
}: {
  title: string;
  label: string;
  icon: ReactNode;
  testId: string;
  onClick: () => void;
}) => (
  <Tooltip title={title}>
    <IconButton aria-label={label} onClick={onClick} data-testid={testId}>
      {icon}
    </IconButton>
  </Tooltip>
);

type ActionsProps = {
  integration: Integration;
  texts: SectionWords;
  testId: string;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** The product's own (the Standard agenda): no outside system to test or to have answered. */
  isBuiltIn?: boolean;
  /** Buttons anyone who sees the row may use (the webhooks' delivery log), between Test and Edit. */
  children?: ReactNode;
};

/** Test (spins, then says how the call went), the section's own buttons, Edit and Delete. */
const IntegrationActions = ({
  integration,
  texts,
  testId,
  canEdit,
  onEdit,
  onDelete,
  isBuiltIn = false,
  children,
}: ActionsProps) => {
  const { t } = useTranslation();
  const test = useTestIntegration();
  const runTest = () =>
    test.mutate(integration.id, {
      onSuccess: (tested) =>
        tested.status === 'connected'
          ? notify(t(`${texts}.testOk`, { name: tested.name }), 'success')
          : notify(t(`${texts}.testFailed`, { name: tested.name }), 'error', tested.error),
      onError: (error) => notify(failureText(error, t('errors.generic')), 'error'),
    });
  return (
    <>
      {canEdit && !isBuiltIn && (
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
          <RowIconButton
            title={t('settings.integrations.edit')}
            label={t('settings.integrations.editNamed', { name: integration.name })}
            icon={<EditOutlined />}
            testId={`${testId}-edit`}
            onClick={onEdit}
          />
          <RowIconButton
            title={t('settings.integrations.delete')}
            label={t('settings.integrations.deleteNamed', { name: integration.name })}
            icon={<DeleteOutline />}
            testId={`${testId}-delete`}
            onClick={onDelete}
          />
        </>
      )}
    </>
  );
};

type CellsProps = ActionsProps & {
  lastCallTestId: string;
  /** Whether the list has the buttons' column (the bots' has it only for those who may edit). */
  hasActionsColumn?: boolean;
};

/** The cells every integration's row ends with: its status, its last call and its buttons. */
export const IntegrationCells = ({
  lastCallTestId,
  hasActionsColumn = true,
  children,
  ...actions
}: CellsProps) => (
  <>
    <TableCell>
      <StatusCell integration={actions.integration} />
    </TableCell>
    <LastCallCell
      integration={actions.integration}
      testId={lastCallTestId}
      isBuiltIn={actions.isBuiltIn ?? false}
    />
    {hasActionsColumn && (
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <IntegrationActions {...actions}>{children}</IntegrationActions>
      </TableCell>
    )}
  </>
);

/** The header cells of those last columns but the buttons' (SectionTable adds that one). */
export const IntegrationHeadCells = ({ lastCall }: { lastCall?: string }) => {
  const { t } = useTranslation();
  return (
    <>
      <TableCell>{t('settings.integrations.column.status')}</TableCell>
      <TableCell sx={wideOnly}>{lastCall ?? t('settings.integrations.column.lastSync')}</TableCell>
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
