import type { Logical, SettingViewField, ViewModule } from '@conversa/domain';
import {
  Badge,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Add from '../../icons/Add';
import FilterListOutlined from '../../icons/FilterListOutlined';
import { type FilterDraft, isDraftComplete } from '../filter-values';
import { draftFor, FilterRow } from './filter-row';

/**
 * The filter builder (spec section 5): conditions on the module's filterable fields, each offering the
 * conditions of its type, joined by "all" (and) or "any" (or). Applied together; an unfinished
 * condition keeps Apply disabled.
 */
export const FilterBuilder = ({
  module,
  fields,
  drafts,
  logical,
  onApply,
}: {
  module: ViewModule;
  fields: SettingViewField[];
  drafts: FilterDraft[];
  logical: Logical;
  onApply: (drafts: FilterDraft[], logical: Logical) => void;
}) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const [isOpen, setIsOpen] = useState(false);
  const [editing, setEditing] = useState<FilterDraft[]>(drafts);
  const [joiner, setJoiner] = useState<Logical>(logical);
  const filterable = fields.filter((field) => field.filter && field.conditions.length > 0);
  const first = filterable[0];

  const open = () => {
    setEditing(drafts.length > 0 || !first ? drafts : [draftFor(first)]);
    setJoiner(logical);
    setIsOpen(true);
  };
  const apply = (next: FilterDraft[]) => {
    onApply(next, joiner);
    setIsOpen(false);
  };

  return (
    <>
      <Badge badgeContent={drafts.length} color="primary" overlap="rectangular">
        <Button
          variant="outlined"
          startIcon={<FilterListOutlined />}
          onClick={open}
          data-testid="open-filters"
        >
          {t('records.filters.button')}
        </Button>
      </Badge>
      <Dialog open={isOpen} onClose={() => setIsOpen(false)} fullWidth maxWidth="md" fullScreen={isPhone}>
        <DialogTitle>{t('records.filters.title')}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t('records.filters.match')}
            </Typography>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={joiner}
              onChange={(_event, value: Logical | null) => value && setJoiner(value)}
              aria-label={t('records.filters.match')}
            >
              <ToggleButton value="and">{t('records.filters.all')}</ToggleButton>
              <ToggleButton value="or">{t('records.filters.any')}</ToggleButton>
            </ToggleButtonGroup>
          </Box>
          {editing.length === 0 && (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              {t('records.filters.none')}
            </Typography>
          )}
          {editing.map((draft, index) => (
            <FilterRow
              // Rows have no identity besides their place; a removed row shifts the ones after it.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              module={module}
              fields={filterable}
              draft={draft}
              index={index}
              onChange={(next) => setEditing((rows) => rows.map((row, at) => (at === index ? next : row)))}
              onRemove={() => setEditing((rows) => rows.filter((_row, at) => at !== index))}
            />
          ))}
          {first && (
            <Button
              startIcon={<Add />}
              onClick={() => setEditing((rows) => [...rows, draftFor(first)])}
              sx={{ mt: 1.5 }}
            >
              {t('records.filters.add')}
            </Button>
          )}
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => apply([])} sx={{ marginInlineEnd: 'auto' }}>
            {t('records.filters.clear')}
          </Button>
          <Button onClick={() => setIsOpen(false)}>{t('common.cancel')}</Button>
          <Button
            variant="contained"
            disabled={!editing.every(isDraftComplete)}
            onClick={() => apply(editing)}
            data-testid="apply-filters"
          >
            {t('records.filters.apply')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
