import type { Contact } from '@conversa/domain';
import { Box, IconButton } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../shared/account/use-account';
import Close from '../../../shared/icons/Close';
import { RecordTasks } from '../../tasks/components/record-tasks';
import { ContactDealsPanel } from './contact-deals-panel';
import { ContactNotes } from './notes-panel';

/**
 * Beside the conversation, what the agent works on with this customer without leaving the chat: the
 * contact's open deals, its tasks, then the notes. The whole column scrolls; the close button (drawer only) stays on top.
 */
export const ContactSidePanel = ({ contact, onClose }: { contact: Contact; onClose?: () => void }) => {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      {onClose && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1, pt: 1 }}>
          <IconButton aria-label={t('common.close')} onClick={onClose} data-testid="notes-close">
            <Close />
          </IconButton>
        </Box>
      )}
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', display: 'flex', flexDirection: 'column' }}>
        <ContactDealsPanel
          contact={{ id: contact.id, full_name: contact.info.full_name, phone: contact.info.phone }}
        />
        {can('task.view') && (
          <Box sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
            <RecordTasks
              module="contact"
              referenceId={contact.id}
              contactId={contact.id}
              name={contact.info.full_name || contact.info.phone}
            />
          </Box>
        )}
        {can('note.view') && (
          <Box sx={{ p: 1.5 }}>
            <ContactNotes contactId={contact.id} />
          </Box>
        )}
      </Box>
    </Box>
  );
};
