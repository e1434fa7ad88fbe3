import { Box, CircularProgress, IconButton, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../shared/account/use-account';
import { ApiError } from '../../shared/api-client';
import PhoneOutlined from '../../shared/icons/PhoneOutlined';
import { notify } from '../../shared/notify';
import { useCallSetup, useDial } from './calls-api';

/**
 * Click-to-call, shown only when the company has a PBX connected: the PBX rings the person's own extension,
 * then dials the contact. Without an extension the button says why it is off.
 */
export const CallButton = ({ contactId, size }: { contactId: string; size?: 'small' | 'medium' }) => {
  const { t } = useTranslation();
  const can = useCan();
  const canCall = can('chat.view') || can('contact.view');
  const setup = useCallSetup(canCall);
  const dial = useDial();
  if (!canCall || !setup.data?.has_pbx) return null;
  const hasExtension = setup.data.extension !== '';
  const label = hasExtension ? t('calls.dial', { extension: setup.data.extension }) : t('calls.noExtension');

  const ring = async () => {
    try {
      await dial.mutateAsync(contactId);
      notify(t('calls.dialed'), 'success');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      notify(error.info || t('errors.generic'), 'error');
    }
  };

  return (
    <Tooltip title={label}>
      {/* A disabled button gets no pointer events: the wrapper keeps the tooltip. */}
      <Box component="span" sx={{ display: 'inline-flex' }}>
        <IconButton
          size={size}
          aria-label={label}
          disabled={!hasExtension || dial.isPending}
          onClick={() => void ring()}
          data-testid="call-dial"
        >
          {dial.isPending ? <CircularProgress size={20} /> : <PhoneOutlined />}
        </IconButton>
      </Box>
    </Tooltip>
  );
};
