import type { Contact } from '@conversa/domain';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccount, useCan } from '../../../shared/account/use-account';
import { formattersFor } from '../../../shared/format/intl-format';
import ChatOutlined from '../../../shared/icons/ChatOutlined';
import ForumOutlined from '../../../shared/icons/ForumOutlined';
import { EmptyState } from '../../../shared/ui/empty-state';
import { storePendingContact } from '../../chat/open-conversation';

/** "Open in chat": the chat page opens the stored contact's conversation (the chat's own hand-off). */
export const OpenInChatButton = ({ contactId }: { contactId: string }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  if (!can('chat.view')) return null;
  return (
    <Button
      variant="outlined"
      startIcon={<ChatOutlined />}
      onClick={() => {
        storePendingContact(contactId);
        navigate('/app/chat');
      }}
      data-testid="open-in-chat"
    >
      {t('chat.panel.expand')}
    </Button>
  );
};

const Figure = ({ label, value }: { label: string; value: string }) => (
  <Box sx={{ minWidth: 120 }}>
    <Typography variant="caption" color="text.secondary" component="p">
      {label}
    </Typography>
    <Typography variant="h6" component="p">
      {value}
    </Typography>
  </Box>
);

/**
 * The conversation in brief: the channel, who holds it, how many messages wait unread and the last one. The
 * way into the chat is the page's "Open in chat" button, beside the title on every tab.
 */
export const ContactDetailConversation = ({ contact }: { contact: Contact }) => {
  const { t, i18n } = useTranslation();
  const { list_user } = useAccount();
  const can = useCan();
  const format = formattersFor(i18n.language);
  const last = contact.message.info;
  const assignee = contact.derivedto
    ? (list_user.find((user) => user.id === contact.derivedto)?.name ?? t('chat.panel.anotherUser'))
    : t('chat.panel.notAssigned');

  if (!last && !contact.device) {
    return (
      <Card variant="outlined">
        <EmptyState icon={ForumOutlined} title={t('recordDetail.contact.noConversation')} />
      </Card>
    );
  }
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2.5}>
          <Typography variant="h6" component="h2">
            {t('recordDetail.tabs.conversation')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
            <Box sx={{ minWidth: 120 }}>
              <Typography variant="caption" color="text.secondary" component="p">
                {t('chat.columns.device')}
              </Typography>
              {contact.device ? (
                <Chip
                  size="small"
                  label={contact.device.name}
                  sx={{ mt: 0.5, bgcolor: contact.device.background_color, color: contact.device.color }}
                />
              ) : (
                <Typography>—</Typography>
              )}
            </Box>
            <Figure label={t('records.field.assignee')} value={assignee} />
            <Figure
              label={t('recordDetail.contact.pending')}
              value={format.number(contact.message.numpending)}
            />
          </Box>
          <Box>
            <Typography variant="caption" color="text.secondary" component="p">
              {t('records.field.lastMessage')}
            </Typography>
            {last ? (
              <Box
                sx={{
                  mt: 0.5,
                  p: 1.5,
                  borderRadius: 2,
                  bgcolor: last.fromMe ? 'primary.main' : 'grey.100',
                  color: last.fromMe ? 'primary.contrastText' : 'text.primary',
                  maxWidth: 560,
                  marginInlineStart: last.fromMe ? 'auto' : 0,
                }}
                data-testid="last-message"
              >
                {last.type_msg !== 'chat' ? (
                  <Typography>{t(`chat.types.${last.type_msg}`)}</Typography>
                ) : can('chat.view') ? (
                  <Typography dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {last.body}
                  </Typography>
                ) : (
                  // The server sends the text only to chat users (notification-audience.ts).
                  <Typography sx={{ fontStyle: 'italic', opacity: 0.8 }}>
                    {t('recordDetail.contact.textForChat')}
                  </Typography>
                )}
                <Typography variant="caption" sx={{ opacity: 0.8 }}>
                  {last.fromMe ? t('recordDetail.contact.sent') : t('recordDetail.contact.received')} ·{' '}
                  {format.dateTime(last.timestamp)}
                </Typography>
              </Box>
            ) : (
              <Typography color="text.secondary">{t('chat.panel.noMessages')}</Typography>
            )}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
};
