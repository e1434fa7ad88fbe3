import {
  countryOfPhone,
  DEFAULTS,
  type Message,
  type MessageType,
  type QuotedMessage,
  type SharedContact,
} from '@conversa/domain';
import { Box, Button, ButtonBase, Chip, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import AutoStoriesOutlined from '../../../shared/icons/AutoStoriesOutlined';
import ChatBubbleOutline from '../../../shared/icons/ChatBubbleOutline';
import ContactPhoneOutlined from '../../../shared/icons/ContactPhoneOutlined';
import EmojiEmotionsOutlined from '../../../shared/icons/EmojiEmotionsOutlined';
import HelpOutline from '../../../shared/icons/HelpOutline';
import ImageOutlined from '../../../shared/icons/ImageOutlined';
import InsertDriveFileOutlined from '../../../shared/icons/InsertDriveFileOutlined';
import MicNoneOutlined from '../../../shared/icons/MicNoneOutlined';
import OpenInNew from '../../../shared/icons/OpenInNew';
import PersonAddAlt1Outlined from '../../../shared/icons/PersonAddAlt1Outlined';
import PlaceOutlined from '../../../shared/icons/PlaceOutlined';
import type { SvgIconComponent } from '../../../shared/icons/svg-icon-component';
import VideocamOutlined from '../../../shared/icons/VideocamOutlined';
import { NEW_TAB } from '../../../shared/ui/new-tab';
import { NewContactDialog } from '../../contacts/components/new-contact-dialog';

const TYPE_ICONS: Record<MessageType, SvgIconComponent> = {
  chat: ChatBubbleOutline,
  image: ImageOutlined,
  audio: MicNoneOutlined,
  video: VideocamOutlined,
  document: InsertDriveFileOutlined,
  location: PlaceOutlined,
  contact: ContactPhoneOutlined,
  reaction: EmojiEmotionsOutlined,
  story_mention: AutoStoriesOutlined,
  unsupported: HelpOutline,
};

/** How many characters of the quoted text a quote shows. */
export const QUOTE_PREVIEW_CHARS = 80;

const trimmed = (text: string, max: number): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  const characters = Array.from(line);
  return characters.length > max ? `${characters.slice(0, max).join('')}…` : line;
};

/**
 * A quote's one line: its text trimmed, or for a message without text the name of its type (a photo
 * without caption reads "Image").
 */
export const quotePreview = (quoted: QuotedMessage, t: (key: string) => string): string => {
  if (quoted.body && quoted.type !== 'location') return trimmed(quoted.body, QUOTE_PREVIEW_CHARS);
  return quoted.type ? t(`chat.types.${quoted.type}`) : '';
};

/**
 * The message a reply answers, above the reply (as WhatsApp shows it): who wrote it, its kind and its
 * text. When that message is in the conversation, pressing the quote takes the reader to it.
 */
export const QuotedBlock = ({
  quoted,
  onJump,
}: {
  quoted: QuotedMessage;
  onJump?: ((quoted: QuotedMessage) => void) | undefined;
}) => {
  const { t } = useTranslation();
  const isKnown = quoted.id !== '';
  const Icon = quoted.type ? TYPE_ICONS[quoted.type] : undefined;
  const content = (
    <>
      <Typography
        variant="caption"
        component="span"
        sx={{ display: 'block', fontWeight: 600, color: quoted.fromMe ? 'primary.main' : 'secondary.main' }}
        data-testid="quote-author"
      >
        {isKnown ? t(quoted.fromMe ? 'chat.message.quoteYou' : 'chat.message.quoteCustomer') : ''}
      </Typography>
      <Typography
        variant="caption"
        component="span"
        color="text.secondary"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}
      >
        {Icon && <Icon sx={{ fontSize: 14, flexShrink: 0 }} aria-hidden="true" />}
        <Box
          component="span"
          dir="auto"
          sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          data-testid="quote-body"
        >
          {isKnown ? quotePreview(quoted, t) : t('chat.message.quoteUnavailable')}
        </Box>
      </Typography>
    </>
  );
  const frame = {
    display: 'block',
    width: '100%',
    textAlign: 'start',
    mb: 0.5,
    px: 1,
    py: 0.5,
    borderRadius: 1,
    bgcolor: 'action.hover',
    // The bar sits on the side the text starts from, in both directions.
    borderInlineStart: 3,
    borderColor: quoted.fromMe ? 'primary.main' : 'secondary.main',
  } as const;
  if (!isKnown || !onJump) {
    return (
      <Box sx={frame} data-testid="message-quote">
        {content}
      </Box>
    );
  }
  return (
    <ButtonBase
      sx={frame}
      onClick={() => onJump(quoted)}
      aria-label={`${t('chat.message.quoteJump')}: ${quotePreview(quoted, t)}`}
      data-testid="message-quote"
    >
      {content}
    </ButtonBase>
  );
};

/** The fields of the new-contact form a shared card fills: its name, first phone, first e-mail, country. */
export const contactFormOf = (person: SharedContact) => {
  const phone = person.phones[0] ?? '';
  return {
    name: person.name,
    phone,
    email: person.emails[0] ?? '',
    country: countryOfPhone(phone) ?? DEFAULTS.country,
  };
};

/** A shared contact card: each person with their phones and e-mails, and a way to save them as a contact. */
export const ContactCards = ({ message }: { message: Message }) => {
  const { t } = useTranslation();
  const [adding, setAdding] = useState<SharedContact | null>(null);
  const people =
    message.contacts.length > 0
      ? message.contacts
      : // A card stored without its people still shows what it said.
        [{ name: message.body, phones: [], emails: [] }];
  return (
    <Stack spacing={1} role="list" aria-label={t('chat.message.contactCard')} data-testid="contact-card">
      {people.map((person, index) => (
        <Box
          // A card may name one person twice: the position tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: a card's people never move
          key={index}
          role="listitem"
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', minWidth: 200 }}
          data-testid="contact-card-person"
        >
          <ContactPhoneOutlined color="action" sx={{ mt: 0.25 }} aria-hidden="true" />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" fontWeight={600} dir="auto" sx={{ overflowWrap: 'anywhere' }}>
              {person.name}
            </Typography>
            {person.phones.map((phone) => (
              <Typography key={phone} variant="caption" component="div" color="text.secondary">
                {/* Phone numbers read left to right in every language. */}
                <bdi dir="ltr">+{phone}</bdi>
              </Typography>
            ))}
            {person.emails.map((email) => (
              <Typography
                key={email}
                variant="caption"
                component="div"
                color="text.secondary"
                sx={{ overflowWrap: 'anywhere' }}
              >
                <bdi dir="ltr">{email}</bdi>
              </Typography>
            ))}
            {person.phones.length > 0 && (
              <Button
                size="small"
                startIcon={<PersonAddAlt1Outlined />}
                onClick={() => setAdding(person)}
                sx={{ mt: 0.5, px: 0.5 }}
                data-testid="contact-card-add"
              >
                {t('chat.message.addContact')}
              </Button>
            )}
          </Box>
        </Box>
      ))}
      <NewContactDialog
        isOpen={adding !== null}
        onClose={() => setAdding(null)}
        initialValues={adding ? contactFormOf(adding) : undefined}
      />
    </Stack>
  );
};

/** Whether a link may be opened from a customer's message: only the web's own schemes. */
export const isWebUrl = (text: string): boolean => {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/** An Instagram story mention: the story opens in a new tab (its link expires with the story). */
export const StoryMention = ({ message }: { message: Message }) => {
  const { t } = useTranslation();
  return (
    <Box data-testid="story-mention">
      <Typography
        variant="body2"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        color="text.secondary"
      >
        <AutoStoriesOutlined fontSize="small" aria-hidden="true" />
        {t('chat.message.storyMention')}
      </Typography>
      {isWebUrl(message.body) && (
        <Link
          href={message.body}
          {...NEW_TAB}
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}
        >
          {t('chat.message.viewStory')}
          <OpenInNew sx={{ fontSize: 14 }} aria-hidden="true" />
        </Link>
      )}
    </Box>
  );
};

/** A kind the product does not read: never nothing, but the provider's name for it. */
export const UnsupportedLine = ({ message }: { message: Message }) => {
  const { t } = useTranslation();
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      fontStyle="italic"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      data-testid="message-unsupported"
    >
      <HelpOutline fontSize="small" aria-hidden="true" />
      <span>{t('chat.message.unsupported', { type: message.body || t('chat.types.unsupported') })}</span>
    </Typography>
  );
};

/** The customers' reactions to a message, as small emoji under its bubble. */
export const ReactionBadges = ({ reactions, isMine }: { reactions: readonly Message[]; isMine: boolean }) => {
  const { t } = useTranslation();
  return (
    <Box
      role="group"
      aria-label={t('chat.message.reactions')}
      sx={{
        display: 'flex',
        gap: 0.5,
        mt: -0.75,
        // Over the bubble's lower corner, on its inner side.
        marginInlineStart: isMine ? 0 : 1.5,
        marginInlineEnd: isMine ? 1.5 : 0,
        position: 'relative',
      }}
      data-testid="message-reactions"
    >
      {reactions.map((reaction) => (
        <Chip
          key={reaction.id}
          size="small"
          label={reaction.body}
          aria-label={t('chat.message.reaction', { emoji: reaction.body })}
          sx={{ height: 22, bgcolor: 'background.paper', border: 1, borderColor: 'divider', fontSize: 14 }}
          data-testid="message-reaction"
        />
      ))}
    </Box>
  );
};
