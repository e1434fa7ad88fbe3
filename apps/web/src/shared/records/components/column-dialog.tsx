import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import ArrowDownward from '../../icons/ArrowDownward';
import ArrowUpward from '../../icons/ArrowUpward';
import Close from '../../icons/Close';
import DragIndicator from '../../icons/DragIndicator';

/** A column a person may choose: its key and its title in the current language. */
export type ColumnOption<K extends string = string> = { key: K; label: string };

/**
 * The column-selection dialog (spec sections 2 and 5), shared by the chat list and every records table:
 * available on the left, selected on the right, reordered by drag or by the arrow buttons; at least one
 * column; at most 600 px wide.
 */
export const ColumnDialog = <K extends string>({
  isOpen,
  options,
  selected: initial,
  submitLabel,
  onClose,
  onSave,
}: {
  isOpen: boolean;
  options: readonly ColumnOption<K>[];
  selected: readonly K[];
  /** 'Actualizar' by default; 'Crear' when saving makes a new view. */
  submitLabel?: string;
  onClose: () => void;
  onSave: (columns: K[]) => void;
}) => {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<K[]>([...initial]);
  const [availableSearch, setAvailableSearch] = useState('');
  const [selectedSearch, setSelectedSearch] = useState('');
  const [dragged, setDragged] = useState<K | null>(null);
  const label = (column: K) => options.find((option) => option.key === column)?.label ?? column;
  const matches = (column: K, search: string) => label(column).toLowerCase().includes(search.toLowerCase());
  const available = options
    .map((option) => option.key)
    .filter((column) => !selected.includes(column) && matches(column, availableSearch));

  const move = (column: K, to: number) => {
    setSelected((current) => {
      const without = current.filter((item) => item !== column);
      without.splice(Math.max(0, Math.min(to, without.length)), 0, column);
      return without;
    });
  };
  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragged) move(dragged, index);
    setDragged(null);
  };

  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      fullWidth
      slotProps={{
        paper: { sx: { maxWidth: 600 } },
        transition: { onEnter: () => setSelected([...initial]) },
      }}
    >
      <DialogTitle>{t('records.columns.title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
          <Paper variant="outlined" sx={{ p: 1.5 }}>
            <Typography variant="subtitle2" gutterBottom>
              {t('records.columns.available')}
            </Typography>
            <TextField
              size="small"
              fullWidth
              placeholder={t('records.columns.search')}
              value={availableSearch}
              onChange={(event) => setAvailableSearch(event.target.value)}
              slotProps={{
                htmlInput: {
                  'aria-label': `${t('records.columns.search')} ${t('records.columns.available')}`,
                },
              }}
            />
            <List dense data-testid="columns-available">
              {available.map((column) => (
                <ListItem key={column} disablePadding>
                  <ListItemButton onClick={() => setSelected((current) => [...current, column])}>
                    <ListItemText primary={label(column)} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Paper>
          <Paper variant="outlined" sx={{ p: 1.5 }}>
            <Typography variant="subtitle2" gutterBottom>
              {t('records.columns.selected')}
            </Typography>
            <TextField
              size="small"
              fullWidth
              placeholder={t('records.columns.search')}
              value={selectedSearch}
              onChange={(event) => setSelectedSearch(event.target.value)}
              slotProps={{
                htmlInput: {
                  'aria-label': `${t('records.columns.search')} ${t('records.columns.selected')}`,
                },
              }}
            />
            <List dense data-testid="columns-selected">
              {selected.map((column, index) =>
                matches(column, selectedSearch) ? (
                  <ListItem
                    key={column}
                    draggable
                    onDragStart={() => setDragged(column)}
                    onDragOver={(event) => event.preventDefault()}
                    onDrop={(event) => onDrop(event, index)}
                    sx={{ cursor: 'grab', opacity: dragged === column ? 0.5 : 1, pr: 15 }}
                    secondaryAction={
                      <>
                        <IconButton
                          size="small"
                          aria-label={t('records.columns.up', { column: label(column) })}
                          disabled={index === 0}
                          onClick={() => move(column, index - 1)}
                        >
                          <ArrowUpward fontSize="small" />
                        </IconButton>
                        <IconButton
                          size="small"
                          aria-label={t('records.columns.down', { column: label(column) })}
                          disabled={index === selected.length - 1}
                          onClick={() => move(column, index + 1)}
                        >
                          <ArrowDownward fontSize="small" />
                        </IconButton>
                        <IconButton
                          size="small"
                          aria-label={t('records.columns.remove', { column: label(column) })}
                          onClick={() => setSelected((current) => current.filter((item) => item !== column))}
                        >
                          <Close fontSize="small" />
                        </IconButton>
                      </>
                    }
                  >
                    <DragIndicator
                      fontSize="small"
                      sx={{ color: 'text.disabled', mr: 1 }}
                      aria-hidden="true"
                    />
                    <ListItemText primary={label(column)} />
                  </ListItem>
                ) : null,
              )}
            </List>
            {selected.length === 0 && (
              <Typography variant="body2" color="error" role="alert">
                {t('records.columns.atLeastOne')}
              </Typography>
            )}
          </Paper>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={selected.length === 0} onClick={() => onSave(selected)}>
          {submitLabel ?? t('records.columns.update')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
