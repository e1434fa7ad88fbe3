import type { Integration } from '@conversa/domain';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api-client';
import { useCatalog } from './scheduling-api';

type Entry = { id: string; name: string; cancellation?: boolean };

/** One list of the catalog as a table of ids and names (and, for states, whether they cancel). */
const CatalogTable = ({
  title,
  entries,
  hasKind,
}: {
  title: string;
  entries: Entry[];
  hasKind?: boolean;
}) => {
  const { t } = useTranslation();
  const titleId = useId();
  if (entries.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Table size="small" aria-labelledby={titleId}>
        <TableHead>
          <TableRow>
            <TableCell>{t('settings.scheduling.catalog.id')}</TableCell>
            <TableCell>{t('settings.scheduling.catalog.name')}</TableCell>
            {hasKind && <TableCell>{t('settings.scheduling.catalog.kind')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell dir="ltr">{entry.id}</TableCell>
              <TableCell>{entry.name}</TableCell>
              {hasKind && (
                <TableCell>
                  {t(
                    entry.cancellation
                      ? 'settings.scheduling.catalog.cancels'
                      : 'settings.scheduling.catalog.keeps',
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};

/**
 * What the provider offers, read from it now: its appointment states (the ids to give as confirmed and
 * cancelled), its professionals and its branches (the ids to give as branches).
 */
export const CatalogDialog = ({
  integration,
  onClose,
}: {
  integration: Integration;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const titleId = useId();
  const catalog = useCatalog(integration.id, true);
  const failure =
    catalog.error instanceof ApiError ? catalog.error.info : t('settings.scheduling.catalog.failed');
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      data-testid="catalog-dialog"
    >
      <DialogTitle id={titleId}>
        {t('settings.scheduling.catalog.title', { name: integration.name })}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 3 }}>
        {catalog.isPending && <Skeleton variant="rounded" height={160} />}
        {catalog.isError && <Alert severity="error">{failure}</Alert>}
        {catalog.data && (
          <>
            <CatalogTable
              title={t('settings.scheduling.catalog.states')}
              entries={catalog.data.states}
              hasKind
            />
            <CatalogTable
              title={t('settings.scheduling.catalog.professionals')}
              entries={catalog.data.professionals}
            />
            <CatalogTable title={t('settings.scheduling.catalog.branches')} entries={catalog.data.branches} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
