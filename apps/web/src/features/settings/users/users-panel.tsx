import type { User } from '@conversa/domain';
import { avatarInitialsOf } from '@conversa/domain';
import {
  Avatar,
  Box,
  Button,
  Card,
  Chip,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount, useCan } from '../../../shared/account/use-account';
import { formattersFor } from '../../../shared/format/intl-format';
import Add from '../../../shared/icons/Add';
import ErrorOutline from '../../../shared/icons/ErrorOutline';
import GroupOutlined from '../../../shared/icons/GroupOutlined';
import { notify } from '../../../shared/notify';
import { EmptyState } from '../../../shared/ui/empty-state';
import { visuallyHidden, wideOnly } from '../../../shared/ui/table-styles';
import { useUpdateUser, useUsers } from '../api/users';
import { ConfirmDialog } from '../confirm-dialog';
import { AccessDialog } from './access-dialog';
import { NewUserDialog } from './new-user-dialog';
import { UserActions } from './user-actions';

const UserStatus = ({ user }: { user: User }) => {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: { xs: 0.5, md: 0 } }}>
      <Chip
        size="small"
        label={t(user.active ? 'users.active' : 'users.inactive')}
        color={user.active ? 'success' : 'default'}
        variant={user.active ? 'filled' : 'outlined'}
        data-testid="user-status"
      />
      {!user.answer && <Chip size="small" variant="outlined" label={t('users.readOnlyChat')} />}
    </Box>
  );
};

/**
 * The company's users: who they are, their state and last sign-in; the owner creates users within the
 * plan's quota, edits a staff user's access and answer flag, and deactivates or reactivates them.
 */
export const UsersPanel = () => {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const account = useAccount();
  const users = useUsers();
  const update = useUpdateUser();
  const [isNewOpen, setIsNewOpen] = useState(false);
  const [accessOf, setAccessOf] = useState<User | null>(null);
  const [deactivating, setDeactivating] = useState<User | null>(null);
  const format = formattersFor(i18n.language);
  const theme = useTheme();
  // On a phone the state moves under the e-mail, so the row keeps room for its actions.
  const isNarrow = useMediaQuery(theme.breakpoints.down('md'));
  // The server lets only the owner (or the master) change access, the answer flag and the active state.
  const canAdminister = can('user.edit') && account.user.account !== 'user';

  const setActive = (user: User, active: boolean) =>
    update.mutate(
      { id: user.id, changes: { active } },
      {
        onSuccess: () => {
          notify(t(active ? 'users.reactivated' : 'users.deactivated', { name: user.name }), 'success');
          setDeactivating(null);
        },
      },
    );

  const newButton = can('user.create') && (
    <Button variant="contained" startIcon={<Add />} onClick={() => setIsNewOpen(true)} data-testid="new-user">
      {t('users.new')}
    </Button>
  );

  const list = users.data ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography color="text.secondary" sx={{ flex: 1 }} data-testid="users-count">
          {users.isSuccess ? t('users.count', { count: list.length }) : ' '}
        </Typography>
        {newButton}
      </Box>
      {users.isError ? (
        <EmptyState
          icon={ErrorOutline}
          title={t('users.loadFailed')}
          action={<Button onClick={() => void users.refetch()}>{t('common.retry')}</Button>}
        />
      ) : users.isSuccess && list.length === 0 ? (
        <EmptyState icon={GroupOutlined} title={t('users.empty')} action={newButton} />
      ) : (
        <Card variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('users.tableLabel')} aria-busy={users.isPending}>
            <TableHead>
              <TableRow>
                <TableCell>{t('users.column.user')}</TableCell>
                <TableCell sx={wideOnly}>{t('users.column.account')}</TableCell>
                <TableCell sx={wideOnly}>{t('users.column.lastLogin')}</TableCell>
                {!isNarrow && <TableCell>{t('users.column.status')}</TableCell>}
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    {t('users.column.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody data-testid="users-table">
              {users.isPending
                ? [1, 2, 3].map((key) => (
                    <TableRow key={key}>
                      <TableCell colSpan={isNarrow ? 2 : 5}>
                        <Skeleton height={40} />
                      </TableCell>
                    </TableRow>
                  ))
                : list.map((user) => (
                    <TableRow key={user.id} data-testid="user-row" hover>
                      <TableCell>
                        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
                          <Avatar sx={{ width: 36, height: 36, fontSize: 15, bgcolor: 'primary.main' }}>
                            {avatarInitialsOf(user)}
                          </Avatar>
                          <Box sx={{ minWidth: 0 }}>
                            <Typography noWrap sx={{ fontWeight: 500 }}>
                              {user.name}
                            </Typography>
                            <Typography variant="body2" color="text.secondary" noWrap>
                              {user.email}
                            </Typography>
                            {isNarrow && <UserStatus user={user} />}
                          </Box>
                        </Box>
                      </TableCell>
                      <TableCell sx={wideOnly}>{t(`profile.accountTypes.${user.account}`)}</TableCell>
                      <TableCell sx={wideOnly}>
                        {user.last_login ? format.dateTime(user.last_login) : t('users.neverSignedIn')}
                      </TableCell>
                      {!isNarrow && (
                        <TableCell>
                          <UserStatus user={user} />
                        </TableCell>
                      )}
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <UserActions
                          user={user}
                          isSelf={user.id === account.user.id}
                          canAdminister={canAdminister}
                          onAccess={() => setAccessOf(user)}
                          onDeactivate={() => setDeactivating(user)}
                          onReactivate={() => setActive(user, true)}
                        />
                      </TableCell>
                    </TableRow>
                  ))}
            </TableBody>
          </Table>
        </Card>
      )}
      <NewUserDialog
        isOpen={isNewOpen}
        onClose={() => setIsNewOpen(false)}
        onCreated={(user) => {
          notify(t('users.created', { name: user.name }), 'success');
          if (canAdminister) setAccessOf(user);
        }}
      />
      {accessOf && <AccessDialog key={accessOf.id} user={accessOf} onClose={() => setAccessOf(null)} />}
      <ConfirmDialog
        isOpen={deactivating !== null}
        title={t('users.deactivateTitle', { name: deactivating?.name ?? '' })}
        text={t('users.deactivateText')}
        confirmLabel={t('users.deactivate')}
        isPending={update.isPending}
        testId="user-deactivate"
        onCancel={() => setDeactivating(null)}
        onConfirm={() => deactivating && setActive(deactivating, false)}
      />
    </Box>
  );
};
