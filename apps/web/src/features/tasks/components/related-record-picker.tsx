import { TASK_MODULES, type TaskModule, TIMING } from '@conversa/domain';
import { Autocomplete, Box, MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RelatedOption, useRelatedSearch } from '../api/related-records';

type Props = {
  module: TaskModule;
  value: RelatedOption | null;
  onChange: (module: TaskModule, value: RelatedOption | null) => void;
  error?: string;
};

/**
 * The record a task follows up: the module (contact, deal or lead), then that module's records found by
 * name, searched 900 ms after the typing stops or at once on Enter (spec section 5).
 */
export const RelatedRecordPicker = ({ module, value, onChange, error }: Props) => {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const [isOpen, setIsOpen] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setTerm(typed.trim()), TIMING.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [typed]);

  const search = useRelatedSearch(module, term, isOpen);
  const options = search.data ?? [];

  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' } }}>
      <TextField
        select
        size="small"
        label={t('records.field.relatedModule')}
        value={module}
        onChange={(event) => {
          setTyped('');
          setTerm('');
          onChange(event.target.value as TaskModule, null);
        }}
        slotProps={{ htmlInput: { 'data-testid': 'task-module' } }}
      >
        {TASK_MODULES.map((option) => (
          <MenuItem key={option} value={option}>
            {t(`tasks.module.${option}`)}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        size="small"
        open={isOpen}
        onOpen={() => setIsOpen(true)}
        onClose={() => setIsOpen(false)}
        options={options}
        value={value}
        // The server already searched by name: every answer is a match.
        filterOptions={(all) => all}
        isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
        getOptionLabel={(option) => option.name}
        getOptionKey={(option) => option.id}
        loading={search.isFetching}
        loadingText={t('common.loading')}
        noOptionsText={t('tasks.related.none')}
        inputValue={typed}
        onInputChange={(_event, next) => setTyped(next)}
        onChange={(_event, option) => onChange(module, option)}
        renderInput={(params) => (
          <TextField
            {...params}
            required
            label={t('records.field.related')}
            placeholder={t('tasks.related.placeholder')}
            error={Boolean(error)}
            helperText={error && t(error)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') setTerm(typed.trim());
            }}
            slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'task-related' } }}
          />
        )}
      />
    </Box>
  );
};
