import { Box, InputAdornment, TextField } from '@mui/material';
import { type ReactNode, useState } from 'react';
import SearchOutlined from '../../../shared/icons/SearchOutlined';
import { PageHeader } from '../../../shared/ui/page-header';
import { PagedTable, type PagedTableProps, usePaging } from '../../../shared/ui/paged-table';
import { useDebounced } from '../../../shared/use-debounced';

/** A searched, server-paged list: the typed text, the text searched once typing pauses, and the pager. */
export const useSearchedList = (debounceMs: number) => {
  const paging = usePaging();
  const [text, setText] = useState('');
  const searched = useDebounced(text, debounceMs);
  // A new search starts from the first page.
  const onSearch = (next: string) => {
    setText(next);
    paging.restart();
  };
  return { paging, text, searched, onSearch };
};

type SearchProps = {
  value: string;
  onChange: (text: string) => void;
  label: string;
  testId: string;
  /** A magnifier and the label as placeholder (the companies and users lists), else a labelled field. */
  hasIcon?: boolean;
};

const SearchField = ({ value, onChange, label, testId, hasIcon = false }: SearchProps) => (
  <TextField
    size="small"
    type="search"
    value={value}
    onChange={(event) => onChange(event.target.value)}
    {...(hasIcon ? { placeholder: label } : { label })}
    sx={{ maxWidth: hasIcon ? 420 : 360 }}
    slotProps={
      hasIcon
        ? {
            htmlInput: { 'aria-label': label, 'data-testid': testId },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined fontSize="small" />
                </InputAdornment>
              ),
            },
          }
        : { htmlInput: { 'data-testid': testId } }
    }
  />
);

/**
 * A list page of the master's console: title, subtitle and actions, the search box, the paged table (its
 * error, empty and loading states) and, after it, the page's dialogs.
 */
export const ConsoleListPage = ({
  title,
  subtitle,
  actions,
  search,
  dialogs,
  ...table
}: PagedTableProps & {
  title: string;
  subtitle: string;
  actions?: ReactNode;
  search: SearchProps;
  dialogs?: ReactNode;
}) => (
  <Box>
    <PageHeader title={title} subtitle={subtitle} actions={actions} />
    <Box sx={{ display: 'grid', gap: 2 }}>
      <SearchField {...search} />
      <PagedTable {...table} />
    </Box>
    {dialogs}
  </Box>
);
