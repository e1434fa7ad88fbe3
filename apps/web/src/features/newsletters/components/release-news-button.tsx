import { type Newsletter, TIMING } from '@conversa/domain';
import {
  Box,
  CircularProgress,
  Divider,
  IconButton,
  List,
  ListItemButton,
  Popover,
  Skeleton,
  TextField,
  Tooltip,
  Typography,
  useTheme,
} from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import NewspaperOutlined from '../../../shared/icons/NewspaperOutlined';
import { useDebounced } from '../../../shared/use-debounced';
import { useReleaseNews } from '../api/newsletters';
import { formatReleaseDate } from '../release-date';
import { CategoryChip, StatusChip } from './newsletter-chips';
import { NewsletterDetailDialog } from './newsletter-detail-dialog';

/** Calls `onReached` when the list's end scrolls into view. */
const useEndReached = (isActive: boolean, onReached: () => void) => {
  const end = useRef<HTMLDivElement>(null);
  const latest = useRef(onReached);
  latest.current = onReached;
  useEffect(() => {
    const node = end.current;
    if (!node || !isActive || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { root: node.parentElement, rootMargin: '120px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [isActive]);
  return end;
};

const NewsItem = ({ newsletter, onOpen }: { newsletter: Newsletter; onOpen: () => void }) => {
  const { i18n } = useTranslation();
  return (
    <ListItemButton
      onClick={onOpen}
      sx={{ display: 'grid', gap: 0.5, alignItems: 'start' }}
      data-testid="release-news-item"
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {newsletter.title}
      </Typography>
      <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
        <CategoryChip category={newsletter.category} />
        <StatusChip status={newsletter.status} />
        <Typography variant="caption" color="text.secondary">
          {formatReleaseDate(i18n.language, newsletter.release_date)}
        </Typography>
      </Box>
    </ListItemButton>
  );
};

/** The header's release news: a searchable list, 20 at a time as it scrolls, each opening its detail. */
export const ReleaseNewsButton = () => {
  const { t } = useTranslation();
  const theme = useTheme();
  const end = theme.direction === 'rtl' ? 'left' : 'right';
  const popoverId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [text, setText] = useState('');
  const [opened, setOpened] = useState<Newsletter | null>(null);
  const searched = useDebounced(text, TIMING.searchDebounceMs);
  const news = useReleaseNews(searched, anchor !== null);
  const items = news.data?.pages.flatMap((page) => page.items) ?? [];
  const endRef = useEndReached(news.hasNextPage && !news.isFetchingNextPage, () => news.fetchNextPage());

  return (
    <>
      <Tooltip title={t('newsletters.releaseNews')}>
        <IconButton
          color="inherit"
          aria-label={t('newsletters.releaseNews')}
          aria-haspopup="dialog"
          aria-controls={anchor ? popoverId : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid="release-news-button"
        >
          <NewspaperOutlined />
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: end }}
        transformOrigin={{ vertical: 'top', horizontal: end }}
        slotProps={{
          paper: {
            sx: { width: { xs: 300, sm: 380 }, maxHeight: 520, display: 'flex', flexDirection: 'column' },
            'data-testid': 'release-news-popover',
          } as object,
        }}
      >
        <Box sx={{ px: 2, pt: 1.5, pb: 1, display: 'grid', gap: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('newsletters.releaseNews')}
          </Typography>
          <TextField
            size="small"
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('newsletters.searchTitle')}
            slotProps={{
              htmlInput: { 'aria-label': t('newsletters.searchTitle'), 'data-testid': 'release-news-search' },
            }}
          />
        </Box>
        <Divider />
        <Box sx={{ overflowY: 'auto', flex: 1 }} data-testid="release-news-list">
          {news.isPending ? (
            <Box sx={{ p: 2 }}>
              <Skeleton />
              <Skeleton />
            </Box>
          ) : items.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 2 }} data-testid="release-news-empty">
              {t(searched.trim() ? 'newsletters.noMatch' : 'newsletters.empty')}
            </Typography>
          ) : (
            <List dense disablePadding>
              {items.map((newsletter) => (
                <NewsItem key={newsletter.id} newsletter={newsletter} onOpen={() => setOpened(newsletter)} />
              ))}
            </List>
          )}
          <Box ref={endRef} sx={{ display: 'flex', justifyContent: 'center', minHeight: 1 }}>
            {news.isFetchingNextPage && <CircularProgress size={20} sx={{ my: 1 }} />}
          </Box>
        </Box>
      </Popover>
      <NewsletterDetailDialog newsletter={opened} onClose={() => setOpened(null)} />
    </>
  );
};
