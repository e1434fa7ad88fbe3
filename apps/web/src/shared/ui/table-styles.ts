/** Columns a phone drops: the row keeps what identifies it and what can be done with it. */
export const wideOnly = { display: { xs: 'none', md: 'table-cell' } };

/** What a phone shows of the dropped columns, under the row's name. */
export const narrowOnly = { display: { xs: 'flex', md: 'none' } };

/** A phone has no room for the rows-per-page choice: the pager keeps the page and its arrows. */
export const pagerSx = {
  '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': { display: { xs: 'none', sm: 'flex' } },
};

/** Read by screen readers, not shown (a column heading over icon buttons). */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
