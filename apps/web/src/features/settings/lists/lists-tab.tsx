import type { ListItem } from '@conversa/domain';
import {
  Box,
  Button,
  Card,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Skeleton,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../../shared/account/use-account';
import Add from '../../../shared/icons/Add';
import ArrowDownward from '../../../shared/icons/ArrowDownward';
import ArrowUpward from '../../../shared/icons/ArrowUpward';
import DeleteOutline from '../../../shared/icons/DeleteOutline';
import EditOutlined from '../../../shared/icons/EditOutlined';
import ErrorOutline from '../../../shared/icons/ErrorOutline';
import LabelOutlined from '../../../shared/icons/LabelOutlined';
import { notify } from '../../../shared/notify';
import { ListChip } from '../../../shared/records/components/list-chip';
import { EmptyState } from '../../../shared/ui/empty-state';
import {
  type ListPair,
  useDeleteListItem,
  useListItems,
  useListPairs,
  useUpdateListItem,
} from '../api/list-items';
import { ConfirmDialog } from '../confirm-dialog';
import { ListItemDialog } from './list-item-dialog';
import { itemsOf, moveItem, nextPosition } from './list-order';

const keyOf = (pair: ListPair) => `${pair.module}.${pair.field}`;

/**
 * The company's smart lists: for each module and field (a contact's stages, a lead's tags…) its items
 * with their colour, active flag and order. The chosen list is in the address, so it can be linked.
 */
export const ListsTab = () => {
  const { t } = useTranslation();
  const can = useCan();
  const canEdit = can('setting.edit');
  const pairs = useListPairs();
  const items = useListItems();
  const update = useUpdateListItem();
  const remove = useDeleteListItem();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<ListItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ListItem | null>(null);

  const available = pairs.data ?? [];
  const pair = available.find((entry) => keyOf(entry) === params.get('list')) ?? available[0] ?? undefined;
  const labelOf = (entry: ListPair) =>
    `${t(`settings.lists.module.${entry.module}`)} · ${t(`settings.lists.field.${entry.field}`)}`;
  const choose = (entry: ListPair) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('list', keyOf(entry));
        return next;
      },
      { replace: true },
    );

  if (pairs.isError || items.isError) {
    return (
      <EmptyState
        icon={ErrorOutline}
        title={t('settings.lists.loadFailed')}
        action={
          <Button
            onClick={() => {
              void pairs.refetch();
              void items.refetch();
            }}
          >
            {t('common.retry')}
          </Button>
        }
      />
    );
  }

  const ordered = pair ? itemsOf(items.data ?? [], pair) : [];
  // Inline changes have no form to show a refusal in: it goes to the snackbar.
  const onError = (error: Error) => notify(error.message || t('errors.generic'), 'error');
  const move = (item: ListItem, step: -1 | 1) => {
    for (const change of moveItem(ordered, item.id, step)) {
      update.mutate({ id: change.id, changes: { position: change.position } }, { onError });
    }
  };

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: '260px 1fr' },
        alignItems: 'start',
      }}
    >
      <Card variant="outlined" sx={{ display: { xs: 'none', md: 'block' } }}>
        <List dense aria-label={t('settings.lists.choose')} data-testid="list-pairs">
          {(['contact', 'lead', 'deal', 'task'] as const).map((module) => {
            const ofModule = available.filter((entry) => entry.module === module);
            if (ofModule.length === 0) return null;
            return (
              <li key={module}>
                <ul style={{ padding: 0 }}>
                  <ListSubheader>{t(`settings.lists.module.${module}`)}</ListSubheader>
                  {ofModule.map((entry) => (
                    <ListItemButton
                      key={keyOf(entry)}
                      selected={pair !== undefined && keyOf(entry) === keyOf(pair)}
                      onClick={() => choose(entry)}
                      data-testid={`list-pair-${keyOf(entry)}`}
                    >
                      <ListItemText primary={t(`settings.lists.field.${entry.field}`)} />
                    </ListItemButton>
                  ))}
                </ul>
              </li>
            );
          })}
        </List>
      </Card>
      <TextField
        select
        id="list-pair-select"
        label={t('settings.lists.choose')}
        value={pair ? keyOf(pair) : ''}
        onChange={(event) => {
          const chosen = available.find((entry) => keyOf(entry) === event.target.value);
          if (chosen) choose(chosen);
        }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ display: { xs: 'flex', md: 'none' } }}
      >
        {available.map((entry) => (
          <option key={keyOf(entry)} value={keyOf(entry)}>
            {labelOf(entry)}
          </option>
        ))}
      </TextField>
      <Card variant="outlined" sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2, flexWrap: 'wrap' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }} data-testid="list-title">
              {pair ? labelOf(pair) : <Skeleton width={180} />}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('settings.lists.help')}
            </Typography>
          </Box>
          {canEdit && pair && (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setEditing('new')}
              data-testid="list-item-new"
            >
              {t('settings.lists.new')}
            </Button>
          )}
        </Box>
        {items.isPending || pairs.isPending ? (
          <Box sx={{ px: 2, pb: 2 }}>
            {[1, 2, 3].map((key) => (
              <Skeleton key={key} height={44} />
            ))}
          </Box>
        ) : ordered.length === 0 ? (
          <EmptyState
            icon={LabelOutlined}
            title={t('settings.lists.empty')}
            description={t('settings.lists.emptyHelp')}
          />
        ) : (
          <List data-testid="list-items" aria-label={pair ? labelOf(pair) : undefined}>
            {ordered.map((item, index) => (
              <Box
                component="li"
                key={item.id}
                data-testid="list-item-row"
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  px: 2,
                  py: 0.75,
                  borderTop: 1,
                  borderColor: 'divider',
                }}
              >
                <Box sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 1 }}>
                  <ListChip
                    label={item.name}
                    color={item.color}
                    sx={{ opacity: item.status ? 1 : 0.5, maxWidth: 1 }}
                  />
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    dir="ltr"
                    sx={{ fontFamily: 'monospace', display: { xs: 'none', sm: 'block' } }}
                  >
                    {item.color}
                  </Typography>
                </Box>
                <Tooltip title={t(item.status ? 'settings.lists.active' : 'settings.lists.inactive')}>
                  <Switch
                    size="small"
                    checked={item.status}
                    disabled={!canEdit}
                    onChange={(_event, checked) =>
                      update.mutate({ id: item.id, changes: { status: checked } }, { onError })
                    }
                    slotProps={{ input: { 'aria-label': t('settings.lists.activeOf', { name: item.name }) } }}
                  />
                </Tooltip>
                {canEdit && (
                  <Box sx={{ display: 'flex' }}>
                    <IconButton
                      size="small"
                      disabled={index === 0}
                      onClick={() => move(item, -1)}
                      aria-label={t('settings.lists.moveUp', { name: item.name })}
                    >
                      <ArrowUpward fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      disabled={index === ordered.length - 1}
                      onClick={() => move(item, 1)}
                      aria-label={t('settings.lists.moveDown', { name: item.name })}
                    >
                      <ArrowDownward fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      onClick={() => setEditing(item)}
                      aria-label={t('settings.lists.editOf', { name: item.name })}
                      data-testid="list-item-edit"
                    >
                      <EditOutlined fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      color="error"
                      onClick={() => setDeleting(item)}
                      aria-label={t('settings.lists.deleteOf', { name: item.name })}
                      data-testid="list-item-delete"
                    >
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </Box>
                )}
              </Box>
            ))}
          </List>
        )}
      </Card>
      {editing && pair && (
        <ListItemDialog
          pair={pair}
          pairLabel={labelOf(pair)}
          item={editing === 'new' ? undefined : editing}
          position={nextPosition(ordered)}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t('settings.lists.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('settings.lists.deleteText')}
        confirmLabel={t('settings.lists.delete')}
        isPending={remove.isPending}
        testId="list-item-delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notify(t('settings.lists.deleted', { name: deleting.name }), 'success');
              setDeleting(null);
            },
          })
        }
      />
    </Box>
  );
};
