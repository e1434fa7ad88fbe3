import { Box, Button, IconButton, Paper, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import Add from '../../../shared/icons/Add';
import DeleteOutline from '../../../shared/icons/DeleteOutline';
import { emptyPopupItem, type FormPopupItem } from '../newsletter-form';

const ITEM_FIELDS = ['title', 'description', 'preview_url', 'redirect_url'] as const;

/** The pop-up's pages: each item's title, description, preview and link; one at least. */
export const PopupItemsFields = ({
  items,
  errors,
  onChange,
}: {
  items: FormPopupItem[];
  errors: Record<string, string>;
  onChange: (items: FormPopupItem[]) => void;
}) => {
  const { t } = useTranslation();
  const set = (index: number, key: (typeof ITEM_FIELDS)[number], value: string) =>
    onChange(items.map((item, at) => (at === index ? { ...item, [key]: value } : item)));
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {items.map((item, index) => (
        <Paper
          key={item.key}
          variant="outlined"
          sx={{ p: 1.5, display: 'grid', gap: 1 }}
          data-testid="popup-item"
        >
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <Typography variant="subtitle2" sx={{ flex: 1 }}>
              {t('newsletters.form.item', { number: index + 1 })}
            </Typography>
            <IconButton
              size="small"
              aria-label={t('newsletters.form.removeItem', { number: index + 1 })}
              disabled={items.length === 1}
              onClick={() => onChange(items.filter((_, at) => at !== index))}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Box>
          {ITEM_FIELDS.map((key) => {
            const error = errors[`popup.items.${index}.${key}`];
            return (
              <TextField
                key={key}
                size="small"
                label={t(`newsletters.form.${key}`)}
                value={item[key]}
                onChange={(event) => set(index, key, event.target.value)}
                required={key === 'title'}
                type={key.endsWith('_url') ? 'url' : 'text'}
                multiline={key === 'description'}
                minRows={key === 'description' ? 2 : undefined}
                error={Boolean(error)}
                helperText={error}
                slotProps={{ htmlInput: { 'data-testid': `popup-item-${index}-${key}` } }}
              />
            );
          })}
        </Paper>
      ))}
      <Button
        startIcon={<Add />}
        onClick={() => onChange([...items, emptyPopupItem()])}
        sx={{ justifySelf: 'start' }}
        data-testid="popup-item-add"
      >
        {t('newsletters.form.addItem')}
      </Button>
    </Box>
  );
};
