import type { ApiKey } from '@conversa/domain';
import { Box, Chip, TableCell, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../shared/account/use-account';
import { ApiError } from '../../../../shared/api-client';
import { formattersFor } from '../../../../shared/format/intl-format';
import BlockOutlined from '../../../../shared/icons/BlockOutlined';
import KeyOutlined from '../../../../shared/icons/KeyOutlined';
import { notify } from '../../../../shared/notify';
import { usePaging } from '../../../../shared/ui/paged-table';
import { wideOnly } from '../../../../shared/ui/table-styles';
import { ConfirmDialog } from '../../confirm-dialog';
import { RowIconButton } from '../integration-row-parts';
import { AddButton, IntegrationSection, SectionTable } from '../integration-section';
import { ApiKeyDialog } from './api-key-dialog';
import { type ApiKeyState, apiKeyStateOf } from './api-key-form';
import { useApiKeyList, useApiKeysLive, useRevokeApiKey } from './api-keys-api';

const STATE_COLOR: Record<ApiKeyState, 'success' | 'default' | 'warning'> = {
  active: 'success',
  revoked: 'default',
  expired: 'warning',
};

type RowProps = { apiKey: ApiKey; canEdit: boolean; onRevoke: () => void };

const ApiKeyRow = ({ apiKey, canEdit, onRevoke }: RowProps) => {
  const { t, i18n } = useTranslation();
  const format = formattersFor(i18n.language);
  const state = apiKeyStateOf(apiKey);
  return (
    <TableRow data-testid="api-key-row" data-id={apiKey.id} hover>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="api-key-name">
          {apiKey.name}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          dir="ltr"
          data-testid="api-key-prefix"
          sx={{ display: 'block', fontFamily: 'monospace' }}
        >
          {`${apiKey.prefix}…`}
        </Typography>
      </TableCell>
      <TableCell sx={wideOnly}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} data-testid="api-key-scopes">
          {apiKey.scopes.map((scope) => (
            <Chip key={scope} size="small" variant="outlined" label={t(`settings.apiKeys.scopes.${scope}`)} />
          ))}
        </Box>
      </TableCell>
      <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }} data-testid="api-key-last-used">
        {apiKey.last_used_at ? format.dateTime(apiKey.last_used_at) : t('settings.apiKeys.neverUsed')}
      </TableCell>
      <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }} data-testid="api-key-expires">
        {apiKey.expires_at ? format.dateTime(apiKey.expires_at) : t('settings.apiKeys.noExpiry')}
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          color={STATE_COLOR[state]}
          variant={state === 'active' ? 'filled' : 'outlined'}
          label={t(`settings.apiKeys.state.${state}`)}
          data-testid="api-key-state"
        />
      </TableCell>
      {canEdit && (
        <TableCell align="right">
          {apiKey.revoked_at === null && (
            <RowIconButton
              title={t('settings.apiKeys.revoke')}
              label={t('settings.apiKeys.revokeNamed', { name: apiKey.name })}
              icon={<BlockOutlined />}
              testId="api-key-revoke"
              onClick={onRevoke}
            />
          )}
        </TableCell>
      )}
    </TableRow>
  );
};

/** The confirmation before a key is revoked, and the revocation with its message. */
const RevokeDialog = ({ revoking, onClose }: { revoking: ApiKey | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const revoke = useRevokeApiKey();
  const confirm = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => notify(t('settings.apiKeys.revoked', { name: revoking.name }), 'success'),
      onError: (error) => notify((error instanceof ApiError && error.info) || t('errors.generic'), 'error'),
      onSettled: onClose,
    });
  };
  return (
    <ConfirmDialog
      isOpen={revoking !== null}
      title={t('settings.apiKeys.revokeTitle')}
      text={t('settings.apiKeys.confirmRevoke', { name: revoking?.name ?? '' })}
      confirmLabel={t('settings.apiKeys.revoke')}
      isPending={revoke.isPending}
      testId="api-key-revoke"
      onCancel={onClose}
      onConfirm={confirm}
    />
  );
};

/**
 * The company's API keys: what lets an outside system (a CRM) create and read contacts and leads through
 * the public API. Anyone who sees the settings reads the list; with setting.edit keys are created (the
 * whole key shown once) and revoked. A colleague's change shows live.
 */
export const ApiKeysSection = () => {
  const { t } = useTranslation();
  const canEdit = useCan()('setting.edit');
  const paging = usePaging();
  const query = useApiKeyList({ page: paging.page, offset: paging.offset });
  const [isCreating, setIsCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  useApiKeysLive();
  const rows = query.data?.rows ?? [];

  return (
    <IntegrationSection
      testId="api-keys"
      title={t('settings.apiKeys.title')}
      intro={t('settings.apiKeys.intro')}
      action={
        canEdit && (
          <AddButton
            label={t('settings.apiKeys.new')}
            testId="api-key-new"
            onClick={() => setIsCreating(true)}
          />
        )
      }
    >
      <SectionTable
        list={{ paging, query, rows }}
        label={t('settings.apiKeys.title')}
        testId="api-key-rows"
        loadFailed={t('settings.apiKeys.loadFailed')}
        empty={{
          icon: KeyOutlined,
          title: t('settings.apiKeys.empty'),
          description: t('settings.apiKeys.emptyHelp'),
        }}
        columns={5}
        hasActions={canEdit}
        head={
          <>
            <TableCell>{t('settings.apiKeys.column.key')}</TableCell>
            <TableCell sx={wideOnly}>{t('settings.apiKeys.column.scopes')}</TableCell>
            <TableCell sx={wideOnly}>{t('settings.apiKeys.column.lastUsed')}</TableCell>
            <TableCell sx={wideOnly}>{t('settings.apiKeys.column.expires')}</TableCell>
            <TableCell>{t('settings.apiKeys.column.state')}</TableCell>
          </>
        }
      >
        {rows.map((apiKey) => (
          <ApiKeyRow key={apiKey.id} apiKey={apiKey} canEdit={canEdit} onRevoke={() => setRevoking(apiKey)} />
        ))}
      </SectionTable>
      {isCreating && <ApiKeyDialog onClose={() => setIsCreating(false)} />}
      <RevokeDialog revoking={revoking} onClose={() => setRevoking(null)} />
    </IntegrationSection>
  );
};
