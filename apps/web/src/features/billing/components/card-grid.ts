/** The Marketplace's cards: one column on a phone, two on a tablet, three from the permanent sidebar on. */
export const cardGridSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;
