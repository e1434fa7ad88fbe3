import type { AdminUser } from '@conversa/domain';
import { Button, Chip, TableCell, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formattersFor } from '../../../shared/format/intl-format';
import GroupOutlined from '../../../shared/icons/GroupOutlined';
import { notify } from '../../../shared/notify';
import { wideOnly } from '../../../shared/ui/table-styles';
import { ConfirmDialog } from '../../settings/confirm-dialog';
import { ConsoleListPage, useSearchedList } from '../shared/console-list-page';
import { type AdminUserAction, useAdminUserAction, useAdminUsers } from './api/users-admin-api';

const DONE_TEXT: Record<AdminUserAction, string> = {
  restore: 'consoleUsers.resetSent',
  deactivate: 'consoleUsers.deactivated',
  activate: 'consoleUsers.reactivated',
};

/** Every user of every company for the master (`/app/usersAdmin`): reset a password, deactivate. */
export const UsersAdminPage = () => {
  const { t, i18n } = useTranslation();
  const format = formattersFor(i18n.language);
  const { paging, text, searched: query, onSearch } = useSearchedList(300);
  const result = useAdminUsers({ page: paging.page + 1, offset: paging.offset, search: query });
  const act = useAdminUserAction();
  const [confirming, setConfirming] = useState<{ user: AdminUser; action: AdminUserAction } | null>(null);
  const users = result.data?.users ?? [];

  const run = (user: AdminUser, action: AdminUserAction) =>
    act.mutate(
      { id: user.id, action },
      {
        onSuccess: () => {
          notify(t(DONE_TEXT[action], { name: user.name, email: user.email }), 'success');
          setConfirming(null);
        },
      },
    );

  return (
    <ConsoleListPage
      title={t('nav.usersAdmin')}
      subtitle={t('consoleUsers.subtitle')}
      search={{
        value: text,
        onChange: onSearch,
        label: t('consoleUsers.search'),
        testId: 'users-admin-search',
        hasIcon: true,
      }}
      query={result}
      paging={paging}
      rowCount={users.length}
      total={result.data?.pagination.total ?? 0}
      label={t('consoleUsers.tableLabel')}
      testId="users-admin-table"
      columns={6}
      texts={{ loadFailed: t('consoleUsers.loadFailed'), rowsPerPage: t('consoleUsers.rowsPerPage') }}
      empty={{ icon: GroupOutlined, title: t(query ? 'consoleUsers.noMatch' : 'consoleUsers.empty') }}
      head={
        <>
          <TableCell>{t('consoleUsers.column.user')}</TableCell>
          <TableCell>{t('consoleUsers.column.company')}</TableCell>
          <TableCell sx={wideOnly}>{t('consoleUsers.column.account')}</TableCell>
          <TableCell sx={wideOnly}>{t('consoleUsers.column.lastLogin')}</TableCell>
          <TableCell>{t('consoleUsers.column.status')}</TableCell>
          <TableCell align="right">{t('consoleUsers.column.actions')}</TableCell>
        </>
      }
      dialogs={
        confirming && (
          <ConfirmDialog
            isOpen
            title={t('users.deactivateTitle', { name: confirming.user.name })}
            text={t('users.deactivateText')}
            confirmLabel={t('users.deactivate')}
            isPending={act.isPending}
            testId="users-admin-deactivate"
            onCancel={() => setConfirming(null)}
            onConfirm={() => run(confirming.user, confirming.action)}
          />
        )
      }
    >
      {users.map((user) => (
        <TableRow key={user.id} data-testid="users-admin-row">
          <TableCell>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {user.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {user.email}
            </Typography>
          </TableCell>
          <TableCell>{user.client_name}</TableCell>
          <TableCell sx={wideOnly}>{t(`consoleUsers.account.${user.account}`)}</TableCell>
          <TableCell sx={wideOnly}>
            {user.last_login ? format.dateTime(user.last_login) : t('users.neverSignedIn')}
          </TableCell>
          <TableCell>
            <Chip
              size="small"
              variant="outlined"
              color={user.active ? 'success' : 'default'}
              label={t(user.active ? 'users.active' : 'users.inactive')}
            />
          </TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            <Button
              size="small"
              disabled={act.isPending}
              onClick={() => run(user, 'restore')}
              data-testid="users-admin-reset"
            >
              {t('consoleUsers.reset')}
            </Button>
            {user.account !== 'master' &&
              (user.active ? (
                <Button
                  size="small"
                  color="error"
                  disabled={act.isPending}
                  onClick={() => setConfirming({ user, action: 'deactivate' })}
                  data-testid="users-admin-deactivate"
                >
                  {t('users.deactivate')}
                </Button>
              ) : (
                <Button
                  size="small"
                  disabled={act.isPending}
                  onClick={() => run(user, 'activate')}
                  data-testid="users-admin-activate"
                >
                  {t('users.reactivate')}
                </Button>
              ))}
          </TableCell>
        </TableRow>
      ))}
    </ConsoleListPage>
  );
};
