import { TIMING } from '@conversa/domain';
import { Autocomplete, TextField } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../use-debounced';
import { type PickerSearch, usePickerSearch } from '../api/pick-records';

type RecordPickerProps<Row, Option extends { id: string }> = {
  search: PickerSearch<Row, Option>;
  value: Option | null;
  onChange: (option: Option | null) => void;
  labelOf: (option: Option) => string;
  /** An option's line in the list, when it says more than its label. */
  lineOf?: (option: Option) => ReactNode;
  label: string;
  /** Under the box while there is no error. */
  hint: string;
  noOptionsText: string;
  error?: string;
  isRequired?: boolean;
  testId: string;
};

/**
 * Picks one record by typing part of its name: the company's records are searched as the person types
 * (after the search pause), never all loaded.
 */
export const RecordPicker = <Row, Option extends { id: string }>({
  search,
  value,
  onChange,
  labelOf,
  lineOf,
  label,
  hint,
  noOptionsText,
  error,
  isRequired,
  testId,
}: RecordPickerProps<Row, Option>) => {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const searched = useDebounced(text.trim(), TIMING.searchDebounceMs);
  const found = usePickerSearch(search, searched, isOpen);
  return (
    <Autocomplete<Option>
      open={isOpen}
      onOpen={() => setIsOpen(true)}
      onClose={() => setIsOpen(false)}
      value={value}
      onChange={(_event, option) => onChange(option)}
      inputValue={text}
      onInputChange={(_event, next) => setText(next)}
      options={found.data ?? []}
      // The server already filtered by the text.
      filterOptions={(options) => options}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={found.isFetching}
      loadingText={t('common.loading')}
      noOptionsText={noOptionsText}
      renderOption={
        lineOf
          ? ({ key, ...props }, option) => (
              <li key={key} {...props}>
                {lineOf(option)}
              </li>
            )
          : undefined
      }
      renderInput={(params) => (
        <TextField
          {...params}
          required={isRequired}
          label={label}
          error={Boolean(error)}
          helperText={error ?? hint}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': testId } }}
        />
      )}
    />
  );
};
