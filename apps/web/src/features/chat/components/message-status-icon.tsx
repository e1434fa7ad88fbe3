import type { MessageStatus } from '@conversa/domain';
import { useTranslation } from 'react-i18next';
import AccessTime from '../../../shared/icons/AccessTime';
import Block from '../../../shared/icons/Block';
import Done from '../../../shared/icons/Done';
import DoneAll from '../../../shared/icons/DoneAll';
import ErrorOutline from '../../../shared/icons/ErrorOutline';

/** The status icons of spec section 4: queue clock, sent and recive green check, read double, error red. */
export const MessageStatusIcon = ({ status }: { status: MessageStatus }) => {
  const { t } = useTranslation();
  const common = {
    fontSize: 'inherit' as const,
    titleAccess: t(`chat.status.${status}`),
    'data-status': status,
  };
  switch (status) {
    case 'queue':
      return <AccessTime {...common} sx={{ color: 'text.secondary' }} data-testid="status-queue" />;
    case 'sent':
    case 'recive':
      return <Done {...common} sx={{ color: 'success.main' }} data-testid={`status-${status}`} />;
    case 'read':
      return <DoneAll {...common} sx={{ color: 'info.main' }} data-testid="status-read" />;
    case 'error':
      return <ErrorOutline {...common} sx={{ color: 'error.main' }} data-testid="status-error" />;
    case 'cancel':
      return <Block {...common} sx={{ color: 'error.main' }} data-testid="status-cancel" />;
  }
};
