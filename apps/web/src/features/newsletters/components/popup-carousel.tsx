import { type Newsletter, POPUP_PRELOAD_DISTANCE, type PopupItem } from '@conversa/domain';
import { Box, Dialog, IconButton, Typography, useTheme } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import ChevronLeft from '../../../shared/icons/ChevronLeft';
import ChevronRight from '../../../shared/icons/ChevronRight';
import Close from '../../../shared/icons/Close';
import { formatReleaseDate } from '../release-date';
import { PopupSlide } from './popup-slide';

type Slide = { key: string; newsletter: Newsletter; item: PopupItem };

/** Every item of every pop-up, in order: the carousel's pages. */
export const slidesOf = (pages: readonly Newsletter[]): Slide[] =>
  pages.flatMap((newsletter) =>
    (newsletter.popup?.items ?? []).map((item, at) => ({ key: `${newsletter.id}:${at}`, newsletter, item })),
  );

/**
 * The pop-up announcement (spec section 2): a carousel of pages, each in its pop-up's width and height with
 * its title and release date; arrows that stop at the ends (mirrored right to left), dots with more than
 * one page, and images loaded only within POPUP_PRELOAD_DISTANCE pages of the current one.
 */
export const PopupCarousel = ({
  pages,
  isOpen,
  onClose,
}: {
  pages: readonly Newsletter[];
  isOpen: boolean;
  onClose: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const isRtl = theme.direction === 'rtl';
  const titleId = useId();
  const slides = slidesOf(pages);
  const [current, setCurrent] = useState(0);
  const shown = slides[Math.min(current, slides.length - 1)];
  if (!shown) return null;
  const popup = shown.newsletter.popup;
  const isFirst = current === 0;
  const isLast = current >= slides.length - 1;
  // In Arabic the pages run right to left: "previous" points right, and the track moves the other way.
  const PreviousIcon = isRtl ? ChevronRight : ChevronLeft;
  const NextIcon = isRtl ? ChevronLeft : ChevronRight;

  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={false}
      slotProps={{
        paper: {
          sx: {
            width: popup?.width,
            height: popup?.height,
            maxWidth: 'calc(100% - 32px)',
            maxHeight: 'calc(100% - 32px)',
            display: 'flex',
            flexDirection: 'column',
            overflow: 'hidden',
          },
          'data-testid': 'popup-dialog',
        } as object,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, px: 3, pt: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            variant="h5"
            component="h2"
            id={titleId}
            data-testid="popup-title"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {shown.newsletter.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="popup-release-date">
            {t('newsletters.releasedOn', {
              date: formatReleaseDate(i18n.language, shown.newsletter.release_date),
            })}
          </Typography>
        </Box>
        <IconButton aria-label={t('common.close')} onClick={onClose} data-testid="popup-dismiss">
          <Close />
        </IconButton>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflow: 'hidden' }}>
        <Box
          sx={{
            display: 'flex',
            height: '100%',
            transform: `translateX(${(isRtl ? 1 : -1) * current * 100}%)`,
            transition: 'transform 250ms ease',
          }}
        >
          {slides.map((slide, index) => (
            <PopupSlide
              key={slide.key}
              item={slide.item}
              isCurrent={index === current}
              isLoaded={Math.abs(index - current) <= POPUP_PRELOAD_DISTANCE}
              onClose={onClose}
            />
          ))}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 1, pb: 1 }}>
        <IconButton
          aria-label={t('newsletters.popup.previous')}
          disabled={isFirst}
          onClick={() => setCurrent(current - 1)}
          data-testid="popup-previous"
        >
          <PreviousIcon />
        </IconButton>
        {slides.length > 1 && (
          <Box sx={{ display: 'flex', gap: 0.75 }} data-testid="popup-dots">
            {slides.map((slide, index) => (
              <Box
                key={slide.key}
                component="button"
                type="button"
                aria-label={t('newsletters.popup.goTo', { page: index + 1, total: slides.length })}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => setCurrent(index)}
                sx={{
                  width: 10,
                  height: 10,
                  p: 0,
                  border: 0,
                  borderRadius: '50%',
                  cursor: 'pointer',
                  bgcolor: index === current ? 'primary.main' : 'action.disabled',
                }}
              />
            ))}
          </Box>
        )}
        <IconButton
          aria-label={t('newsletters.popup.next')}
          disabled={isLast}
          onClick={() => setCurrent(current + 1)}
          data-testid="popup-next"
        >
          <NextIcon />
        </IconButton>
      </Box>
    </Dialog>
  );
};
