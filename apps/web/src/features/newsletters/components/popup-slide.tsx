import { isHttpUrl, type PopupItem } from '@conversa/domain';
import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { NEW_TAB } from '../../../shared/ui/new-tab';
import { popupMediaOf } from '../popup-media';

const mediaSx = {
  width: '100%',
  flex: '1 1 0',
  minHeight: 96,
  objectFit: 'contain',
  border: 0,
  borderRadius: 1,
} as const;

/** The item's image or video; none at all while the slide is too far from the current one to load. */
const PopupMediaView = ({ item, isLoaded }: { item: PopupItem; isLoaded: boolean }) => {
  const media = popupMediaOf(item.preview_url);
  if (media.kind === 'none') return null;
  if (!isLoaded)
    return <Box sx={{ ...mediaSx, bgcolor: 'action.hover' }} data-testid="popup-media-pending" />;
  if (media.kind === 'embed') {
    return (
      <Box
        component="iframe"
        src={media.src}
        title={item.title}
        allow="encrypted-media; picture-in-picture; fullscreen"
        loading="lazy"
        sx={mediaSx}
        data-testid="popup-media"
      />
    );
  }
  if (media.kind === 'video') {
    return <Box component="video" src={media.src} controls sx={mediaSx} data-testid="popup-media" />;
  }
  return <Box component="img" src={media.src} alt={item.title} sx={mediaSx} data-testid="popup-media" />;
};

/**
 * One page of the pop-up: media, title and description, and one button: 'Ver más' opens redirect_url in a
 * new tab, without one the button closes the pop-up. A link that is not http(s) (stored before the server
 * refused them) is no link at all.
 */
export const PopupSlide = ({
  item,
  isCurrent,
  isLoaded,
  onClose,
}: {
  item: PopupItem;
  isCurrent: boolean;
  isLoaded: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const hasMedia = popupMediaOf(item.preview_url).kind !== 'none';
  return (
    <Box
      role="group"
      aria-roledescription={t('newsletters.popup.slide')}
      aria-hidden={!isCurrent}
      inert={!isCurrent}
      sx={{
        flex: '0 0 100%',
        minWidth: 0,
        minHeight: 0,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        px: 3,
        py: 1,
      }}
      data-testid="popup-slide"
      data-current={isCurrent}
    >
      <PopupMediaView item={item} isLoaded={isLoaded} />
      {/*
        The page fills the pop-up's size: the media takes the room the text leaves, without media the text
        sits in the middle of it, and text longer than the room scrolls instead of being cut off.
      */}
      <Box
        sx={{
          flex: hasMedia ? '0 1 auto' : '1 1 auto',
          minHeight: 0,
          overflowY: 'auto',
          display: 'flex',
          flexDirection: 'column',
        }}
        data-testid="popup-text"
      >
        <Box sx={{ my: hasMedia ? 0 : 'auto', overflowWrap: 'anywhere' }}>
          <Typography variant="h6" component="h3">
            {item.title}
          </Typography>
          {item.description && (
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
              {item.description}
            </Typography>
          )}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexShrink: 0 }}>
        {isHttpUrl(item.redirect_url) ? (
          <Button
            variant="contained"
            component="a"
            href={item.redirect_url}
            {...NEW_TAB}
            data-testid="popup-more"
          >
            {t('newsletters.popup.more')}
          </Button>
        ) : (
          <Button variant="contained" onClick={onClose} data-testid="popup-close">
            {t('common.close')}
          </Button>
        )}
      </Box>
    </Box>
  );
};
