import type { User } from '@conversa/domain';
import { IconButton, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import KeyOutlined from '../../../shared/icons/KeyOutlined';
import PersonOffOutlined from '../../../shared/icons/PersonOffOutlined';
import RestoreOutlined from '../../../shared/icons/RestoreOutlined';

/**
 * What the owner may do with a staff user. The owner's own access is the company's plan, and nobody
 * deactivates themselves, so those rows offer nothing.
 */
export const UserActions = ({
  user,
  isSelf,
  canAdminister,
  onAccess,
  onDeactivate,
  onReactivate,
}: {
  user: User;
  isSelf: boolean;
  canAdminister: boolean;
  onAccess: () => void;
  onDeactivate: () => void;
  onReactivate: () => void;
}) => {
  const { t } = useTranslation();
  if (!canAdminister || isSelf || user.account !== 'user') return null;
  return (
    <>
      <Tooltip title={t('users.editAccess')}>
        <IconButton
          onClick={onAccess}
          aria-label={t('users.editAccessOf', { name: user.name })}
          data-testid="user-access"
        >
          <KeyOutlined />
        </IconButton>
      </Tooltip>
      {user.active ? (
        <Tooltip title={t('users.deactivate')}>
          <IconButton
            color="error"
            onClick={onDeactivate}
            aria-label={t('users.deactivateOf', { name: user.name })}
            data-testid="user-deactivate"
          >
            <PersonOffOutlined />
          </IconButton>
        </Tooltip>
      ) : (
        <Tooltip title={t('users.reactivate')}>
          <IconButton
            color="success"
            onClick={onReactivate}
            aria-label={t('users.reactivateOf', { name: user.name })}
            data-testid="user-reactivate"
          >
            <RestoreOutlined />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
};
