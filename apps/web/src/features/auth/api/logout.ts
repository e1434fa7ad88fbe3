import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../shared/api-client';
import { clearSession } from '../../../shared/session';
import { disconnectSocket } from '../../../shared/socket';

/** Revokes the token on the server; the local session ends whatever the server answers. */
export const logout = (): Promise<unknown> =>
  api.request('logout', { errors: 'caller' }).catch(() => undefined);

export const useLogout = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () => {
    const revoked = logout();
    disconnectSocket();
    clearSession();
    queryClient.clear();
    navigate('/', { replace: true });
    return revoked;
  };
};
