import { Alert, Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccountQuery } from '../../shared/account/api/get-account';
import { api } from '../../shared/api-client';
import SupervisorAccountOutlined from '../../shared/icons/SupervisorAccountOutlined';
import { clearSession, hasMasterSessionAside, useSession } from '../../shared/session';

/**
 * Across the top of every /app page while the master acts as a company's owner. End closes that session
 * on the server and returns to the master's own session kept aside (or to sign-in, in another browser).
 */
export const ImpersonationBanner = () => {
  const { t } = useTranslation();
  // Read softly, not with useAccount: while the session switches back the bundle is briefly not loaded.
  const session = useSession();
  const impersonation = useAccountQuery(session ?? { clientID: '', userID: '' }).data?.impersonation;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isEnding, setIsEnding] = useState(false);
  if (!impersonation) return null;

  const end = async () => {
    setIsEnding(true);
    // The local session ends whatever the server answers: an already-ended session is no reason to stay.
    await api.request('client/impersonate/end', { method: 'POST', errors: 'caller' }).catch(() => undefined);
    const backToConsole = hasMasterSessionAside();
    // Cleared first, so nothing of the company stays; the switch of session then loads the master's bundle.
    queryClient.clear();
    clearSession();
    navigate(backToConsole ? '/app/clients' : '/', { replace: true });
  };

  return (
    <Alert
      severity="warning"
      icon={<SupervisorAccountOutlined />}
      square
      role="status"
      data-testid="impersonation-banner"
      action={
        <Button
          color="inherit"
          size="small"
          loading={isEnding}
          onClick={() => void end()}
          data-testid="impersonation-end"
        >
          {t('impersonation.end')}
        </Button>
      }
      sx={{ borderRadius: 0, alignItems: 'center' }}
    >
      {t('impersonation.banner', { company: impersonation.client.name, owner: impersonation.owner.name })}
    </Alert>
  );
};
