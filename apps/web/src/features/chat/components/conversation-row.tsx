import type { Contact } from '@conversa/domain';
import { Box, IconButton, ListItemButton, Tooltip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRelativeDate } from '../../../shared/format/relative-date';
import PushPin from '../../../shared/icons/PushPin';
import PushPinOutlined from '../../../shared/icons/PushPinOutlined';
import { contactQueryOptions } from '../api/get-contact';
import { messagesQueryOptions } from '../api/get-messages';
import { type ChatColumn, columnValue } from '../chat-columns';
import { ContactAvatar } from './contact-avatar';
import { MessageStatusIcon } from './message-status-icon';
import { TransferControl } from './transfer-control';

export type ConversationRowProps = {
  contact: Contact;
  columns: ChatColumn[];
  isSelected: boolean;
  isPinned: boolean;
  onSelect: (contact: Contact) => void;
  onTogglePin: (contact: Contact) => void;
};

const usePreview = (contact: Contact): string => {
  const { t } = useTranslation();
  const last = contact.message.info;
  if (!last) return '';
  if (last.type_msg === 'chat') return last.body;
  // A reaction reads as its emoji.
  if (last.type_msg === 'reaction') return `${t('chat.types.reaction')} ${last.body}`;
  return t(`chat.types.${last.type_msg}`);
};

/** The size of the row's small icon buttons, reserved at the end of its last line. */
const ACTION_SIZE = 30;

/** Phone numbers read left to right in every language; names and texts follow their own script. */
const directionOf = (column: ChatColumn | undefined): 'ltr' | 'auto' => (column === 'phone' ? 'ltr' : 'auto');

/** One conversation of the list: avatar, the person's chosen columns, last message, time and badges. */
export const ConversationRow = memo(
  ({ contact, columns, isSelected, isPinned, onSelect, onTogglePin }: ConversationRowProps) => {
    const { t, i18n } = useTranslation();
    const queryClient = useQueryClient();
    const preview = usePreview(contact);
    const last = contact.message.info;
    const [primary, ...secondary] = columns
      .map((column) => ({ column, value: columnValue(contact, column) }))
      .filter((cell) => cell.value !== '');
    // The pin and transfer buttons sit beside the row's button, not inside it: a button may not hold others.
    return (
      <Box
        sx={{
          position: 'relative',
          '&:hover > .MuiListItemButton-root:not(.Mui-selected)': { bgcolor: 'action.hover' },
        }}
      >
        <ListItemButton
          selected={isSelected}
          onClick={() => onSelect(contact)}
          // The press starts loading the conversation, so its messages are there when the panel first renders.
          onPointerDown={() => {
            void queryClient.prefetchInfiniteQuery(messagesQueryOptions(contact.id));
            void queryClient.prefetchQuery(contactQueryOptions(contact.id));
          }}
          data-testid="conversation-row"
          data-contact-id={contact.id}
          sx={{ gap: 1.5, alignItems: 'flex-start', py: 1.25, borderBottom: 1, borderColor: 'divider' }}
        >
          <ContactAvatar contact={contact} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
              <Typography variant="subtitle2" noWrap sx={{ flex: 1 }} data-testid="conversation-name">
                <bdi dir={directionOf(primary?.column)}>{primary?.value ?? contact.info.full_name}</bdi>
              </Typography>
              {last && (
                <Typography
                  variant="caption"
                  color={contact.message.numpending > 0 ? 'primary' : 'text.secondary'}
                  sx={{ flexShrink: 0 }}
                  data-testid="conversation-time"
                >
                  {formatRelativeDate(new Date(last.timestamp), t, i18n.language)}
                </Typography>
              )}
            </Box>
            {secondary.length > 0 && (
              <Typography variant="caption" color="text.secondary" noWrap component="p">
                {secondary.map((cell, index) => (
                  <Fragment key={cell.column}>
                    {index > 0 && ' · '}
                    <bdi dir={directionOf(cell.column)}>{cell.value}</bdi>
                  </Fragment>
                ))}
              </Typography>
            )}
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 0.5,
                mt: 0.25,
                minHeight: ACTION_SIZE,
                paddingInlineEnd: `${2 * ACTION_SIZE + 4}px`,
              }}
            >
              {last?.fromMe && (
                <Box component="span" sx={{ display: 'inline-flex', fontSize: 16 }}>
                  <MessageStatusIcon status={last.status} />
                </Box>
              )}
              <Typography
                variant="body2"
                color="text.secondary"
                noWrap
                sx={{ flex: 1 }}
                data-testid="conversation-preview"
                dir="auto"
              >
                {preview}
              </Typography>
              {contact.message.numpending > 0 && (
                <Box
                  component="span"
                  data-testid="unread-badge"
                  aria-label={t('chat.list.unread', { count: contact.message.numpending })}
                  sx={{
                    minWidth: 20,
                    height: 20,
                    px: 0.75,
                    borderRadius: 10,
                    bgcolor: 'primary.main',
                    color: 'primary.contrastText',
                    fontSize: 12,
                    fontWeight: 600,
                    lineHeight: '20px',
                    textAlign: 'center',
                    flexShrink: 0,
                  }}
                >
                  {contact.message.numpending > 99 ? '99+' : contact.message.numpending}
                </Box>
              )}
            </Box>
          </Box>
        </ListItemButton>
        <Box sx={{ position: 'absolute', insetInlineEnd: 16, bottom: 10, display: 'flex', gap: 0.5 }}>
          <Tooltip title={isPinned ? t('chat.list.unpin') : t('chat.list.pin')}>
            <IconButton
              size="small"
              aria-label={isPinned ? t('chat.list.unpin') : t('chat.list.pin')}
              aria-pressed={isPinned}
              onClick={() => onTogglePin(contact)}
            >
              {isPinned ? <PushPin fontSize="small" color="primary" /> : <PushPinOutlined fontSize="small" />}
            </IconButton>
          </Tooltip>
          <TransferControl contact={contact} size="small" />
        </Box>
      </Box>
    );
  },
);
