import { BOT_MESSAGE_OWNER, type Message, parseLocationBody, type QuotedMessage } from '@conversa/domain';
import { Box, Chip, Link, Paper, Typography } from '@mui/material';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formattersFor } from '../../../shared/format/intl-format';
import InsertDriveFileOutlined from '../../../shared/icons/InsertDriveFileOutlined';
import PlaceOutlined from '../../../shared/icons/PlaceOutlined';
import SmartToyOutlined from '../../../shared/icons/SmartToyOutlined';
import TouchAppOutlined from '../../../shared/icons/TouchAppOutlined';
import { NEW_TAB } from '../../../shared/ui/new-tab';
import { mapsSearchUrl } from '../location-url';
import { FormattedText } from './formatted-text';
import { ContactCards, QuotedBlock, ReactionBadges, StoryMention, UnsupportedLine } from './message-kinds';
import { MessageStatusIcon } from './message-status-icon';

/** The kinds shown by their own component, never with the body as a caption under them. */
const OWN_BODY_KINDS: ReadonlySet<Message['type']> = new Set([
  'chat',
  'location',
  'contact',
  'story_mention',
  'unsupported',
  'reaction',
]);

/** What a message holds, by its kind (a caption follows where the kind has one). */
const MessageContent = ({ message }: { message: Message }) => {
  const { t } = useTranslation();
  switch (message.type) {
    case 'chat':
      return null;
    case 'contact':
      return <ContactCards message={message} />;
    case 'story_mention':
      return <StoryMention message={message} />;
    case 'unsupported':
      return <UnsupportedLine message={message} />;
    case 'reaction':
      // Only a reaction to a message that is not in the conversation shows on its own.
      return (
        <Typography variant="body2" color="text.secondary" data-testid="message-reaction-alone">
          {t('chat.message.reactedTo', { emoji: message.body })}
        </Typography>
      );
    default:
      return <MediaBody message={message} />;
  }
};

const MediaBody = ({ message }: { message: Message }) => {
  const { t } = useTranslation();
  if (message.type === 'location') {
    const point = parseLocationBody(message.body);
    if (!point) return <Typography variant="body2">{message.body}</Typography>;
    return (
      <Link
        href={mapsSearchUrl(point.lat, point.lng)}
        {...NEW_TAB}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      >
        <PlaceOutlined fontSize="small" />
        {t('chat.message.location')} ({point.lat}, {point.lng})
      </Link>
    );
  }
  if (!message.attachment) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('chat.message.loadingMedia')}
      </Typography>
    );
  }
  switch (message.type) {
    case 'image':
      return (
        <Box
          component="img"
          src={message.attachment}
          alt={message.filename || t('chat.types.image')}
          loading="lazy"
          sx={{ width: 200, height: 200, objectFit: 'cover', borderRadius: 1, display: 'block' }}
        />
      );
    case 'video':
      return (
        <Box
          component="video"
          src={message.attachment}
          controls
          sx={{ width: 246, height: 133, borderRadius: 1 }}
        />
      );
    case 'audio':
      // biome-ignore lint/a11y/useMediaCaption: customers' voice notes come without captions
      return <audio src={message.attachment} controls style={{ maxWidth: 260 }} />;
    default:
      return (
        <Link
          href={message.attachment}
          {...NEW_TAB}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, wordBreak: 'break-all' }}
        >
          <InsertDriveFileOutlined fontSize="small" />
          {message.filename || t('chat.types.document')}
        </Link>
      );
  }
};

/**
 * The reply buttons a message offered the customer, under it as WhatsApp shows them. Only the customer can
 * press them, so here they are plain labels, not controls.
 */
const ReplyButtons = ({ message }: { message: Message }) => {
  const { t } = useTranslation();
  return (
    <Box
      role="group"
      aria-label={t('chat.message.replyButtons')}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'flex-end',
        gap: 0.5,
        mt: 0.5,
        maxWidth: { xs: '85%', md: '70%' },
      }}
      data-testid="message-buttons"
    >
      {message.buttons.map((button) => (
        <Chip key={button.id} variant="outlined" size="small" label={<bdi>{button.title}</bdi>} />
      ))}
    </Box>
  );
};

export type MessageBubbleProps = {
  message: Message;
  /** The customers' reactions to this message, shown as badges under it. */
  reactions?: readonly Message[];
  /** Takes the reader to the message a quote names (when it is loaded). */
  onJumpToQuote?: (quoted: QuotedMessage) => void;
  /** Briefly marked: the reader just came here from a quote. */
  isHighlighted?: boolean;
};

/**
 * One message: mine on the right in the theme's tint, the customer's on the left; the bot's say so, and so
 * does a customer's press of a reply button (its body is the button's title). A reply shows what it quotes
 * above it; reactions to it sit under it.
 */
export const MessageBubble = memo(
  ({ message, reactions, onJumpToQuote, isHighlighted }: MessageBubbleProps) => {
    const { t, i18n } = useTranslation();
    const isMine = message.fromMe;
    const hasCaption = !OWN_BODY_KINDS.has(message.type) && message.body !== '';
    const isButtonPress = !isMine && message.button_reply !== '';
    const quoted = message.type !== 'reaction' ? message.quoted : null;
    return (
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: isMine ? 'flex-end' : 'flex-start',
          px: 2,
          py: 0.5,
        }}
        data-testid="message"
        data-message-id={message.id}
        data-highlighted={isHighlighted ? 'true' : undefined}
      >
        <Paper
          elevation={0}
          sx={{
            maxWidth: { xs: '85%', md: '70%' },
            px: 1.5,
            py: 1,
            borderRadius: 2,
            borderEndEndRadius: isMine ? 4 : undefined,
            borderEndStartRadius: isMine ? undefined : 4,
            bgcolor: isMine ? 'primary.50' : 'background.paper',
            backgroundColor: (theme) =>
              isMine ? `${theme.palette.primary.main}14` : theme.palette.background.paper,
            border: 1,
            borderColor: isHighlighted ? 'primary.main' : 'divider',
            boxShadow: (theme) => (isHighlighted ? `0 0 0 3px ${theme.palette.primary.main}40` : 'none'),
            transition: 'box-shadow 300ms, border-color 300ms',
          }}
        >
          {message.deleted ? (
            <Typography variant="body2" color="text.secondary" fontStyle="italic">
              {t('chat.message.deleted')}
            </Typography>
          ) : (
            <>
              {quoted && <QuotedBlock quoted={quoted} onJump={onJumpToQuote} />}
              <MessageContent message={message} />
              {(message.type === 'chat' || hasCaption) && (
                <Typography
                  variant="body2"
                  dir="auto"
                  sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                >
                  <FormattedText text={message.body} />
                </Typography>
              )}
            </>
          )}
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'flex-end',
              gap: 0.5,
              mt: 0.25,
              fontSize: 14,
              color: 'text.secondary',
            }}
          >
            {isMine && message.owner === BOT_MESSAGE_OWNER && (
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, marginInlineEnd: 0.5 }}
                data-testid="message-author-bot"
              >
                <SmartToyOutlined sx={{ fontSize: 14 }} aria-hidden="true" />
                {t('chat.message.bot')}
              </Typography>
            )}
            {isButtonPress && (
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, marginInlineEnd: 0.5 }}
                data-testid="message-button-reply"
              >
                <TouchAppOutlined sx={{ fontSize: 14 }} aria-hidden="true" />
                {t('chat.message.buttonReply')}
              </Typography>
            )}
            <Typography variant="caption" color="text.secondary">
              {formattersFor(i18n.language).time(message.timestamp)}
            </Typography>
            {isMine && <MessageStatusIcon status={message.status} />}
          </Box>
        </Paper>
        {reactions && reactions.length > 0 && !message.deleted && (
          <ReactionBadges reactions={reactions} isMine={isMine} />
        )}
        {isMine && !message.deleted && message.buttons.length > 0 && <ReplyButtons message={message} />}
      </Box>
    );
  },
);
