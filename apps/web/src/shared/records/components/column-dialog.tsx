import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Close from '@mui/icons-material/Close';
import DragIndicator from '@mui/icons-material/DragIndicator';
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
import { CHAT_COLUMNS, type ChatColumn } from '../chat-columns';

/**
 * The column-selection dialog (spec sections 2 and 5): available on the left, selected on the right,
 * reordered by drag or by the arrow buttons; at least one column; at most 600 px wide.
 */
export const ColumnDialog = ({
  isOpen,
  selected: initial,
  onClose,
  onSave,
}: {
  isOpen: boolean;
  selected: ChatColumn[];
  onClose: () => void;
  onSave: (columns: ChatColumn[]) => void;
}) => {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<ChatColumn[]>(initial);
  const [availableSearch, setAvailableSearch] = useState('');
  const [selectedSearch, setSelectedSearch] = useState('');
  const [dragged, setDragged] = useState<ChatColumn | null>(null);
  const label = (column: ChatColumn) => t(`chat.columns.${column}`);
  const matches = (column: ChatColumn, search: string) =>
    label(column).toLowerCase().includes(search.toLowerCase());
  const available = CHAT_COLUMNS.filter(
    (column) => !selected.includes(column) && matches(column, availableSearch),
  );

  const move = (column: ChatColumn, to: number) => {
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
      slotProps={{ paper: { sx: { maxWidth: 600 } }, transition: { onEnter: () => setSelected(initial) } }}
    >
      <DialogTitle>{t('chat.columns.title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
          <Paper variant="outlined" sx={{ p: 1.5 }}>
            <Typography variant="subtitle2" gutterBottom>
              {t('chat.columns.available')}
            </Typography>
            <TextField
              size="small"
              fullWidth
              placeholder={t('chat.columns.search')}
              value={availableSearch}
              onChange={(event) => setAvailableSearch(event.target.value)}
              slotProps={{
                htmlInput: { 'aria-label': `${t('chat.columns.search')} ${t('chat.columns.available')}` },
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
              {t('chat.columns.selected')}
            </Typography>
            <TextField
              size="small"
              fullWidth
              placeholder={t('chat.columns.search')}
              value={selectedSearch}
              onChange={(event) => setSelectedSearch(event.target.value)}
              slotProps={{
                htmlInput: { 'aria-label': `${t('chat.columns.search')} ${t('chat.columns.selected')}` },
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
                          aria-label={t('chat.columns.up', { column: label(column) })}
                          disabled={index === 0}
                          onClick={() => move(column, index - 1)}
                        >
                          <ArrowUpward fontSize="small" />
                        </IconButton>
                        <IconButton
                          size="small"
                          aria-label={t('chat.columns.down', { column: label(column) })}
                          disabled={index === selected.length - 1}
                          onClick={() => move(column, index + 1)}
                        >
                          <ArrowDownward fontSize="small" />
                        </IconButton>
                        <IconButton
                          size="small"
                          aria-label={t('chat.columns.remove', { column: label(column) })}
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
                {t('chat.columns.atLeastOne')}
              </Typography>
            )}
          </Paper>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={selected.length === 0} onClick={() => onSave(selected)}>
          {t('chat.columns.update')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
