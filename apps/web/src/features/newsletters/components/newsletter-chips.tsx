import type { NewsletterCategory, NewsletterStatus } from '@conversa/domain';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Each status its own colour (spec section 5: scheduled, in progress and completed read apart). */
export const STATUS_COLORS = { scheduled: 'info', inprogress: 'warning', completed: 'success' } as const;

const CATEGORY_COLORS = { newfeature: 'primary', maintenance: 'secondary', bugfix: 'error' } as const;

export const CategoryChip = ({ category }: { category: NewsletterCategory }) => {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={CATEGORY_COLORS[category]}
      label={t(`newsletters.category.${category}`)}
      data-testid="newsletter-category"
    />
  );
};

export const StatusChip = ({ status }: { status: NewsletterStatus }) => {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status]}
      label={t(`newsletters.status.${status}`)}
      data-testid="newsletter-status"
      data-status={status}
    />
  );
};
