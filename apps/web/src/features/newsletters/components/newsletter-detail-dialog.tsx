import type { Newsletter } from '@conversa/domain';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatReleaseDate } from '../release-date';
import { CategoryChip, StatusChip } from './newsletter-chips';

/** A news item in full: its chips, release date, description and related issues. */
export const NewsletterDetailDialog = ({
  newsletter,
  onClose,
}: {
  newsletter: Newsletter | null;
  onClose: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={newsletter !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      {newsletter && (
        <>
          <DialogTitle id={titleId}>{newsletter.title}</DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2 }} data-testid="newsletter-detail">
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <CategoryChip category={newsletter.category} />
              <StatusChip status={newsletter.status} />
              <Typography variant="body2" color="text.secondary">
                {t('newsletters.releasedOn', {
                  date: formatReleaseDate(i18n.language, newsletter.release_date),
                })}
              </Typography>
            </Box>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>
              {newsletter.description || t('newsletters.noDescription')}
            </Typography>
            {newsletter.issues.length > 0 && (
              <Box>
                <Typography variant="subtitle2">{t('newsletters.issues')}</Typography>
                <List dense disablePadding data-testid="newsletter-issues">
                  {newsletter.issues.map((issue) => (
                    <ListItem key={issue} disableGutters>
                      <ListItemText primary={issue} />
                    </ListItem>
                  ))}
                </List>
              </Box>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.close')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
};
