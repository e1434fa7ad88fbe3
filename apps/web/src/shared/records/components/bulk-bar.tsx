import type { SettingViewField } from '@conversa/domain';
import {
  alpha,
  Box,
  Button,
  IconButton,
  MenuItem,
  Paper,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../account/use-account';
import Close from '../../icons/Close';
import DeleteOutline from '../../icons/DeleteOutline';
import EditNoteOutlined from '../../icons/EditNoteOutlined';
import { notify } from '../../notify';
import { FormDialog } from '../../ui/form-dialog';
import { type BulkTarget, useDeleteMany, useUpdateMany } from '../api/bulk-records';
import { type EditInput, editInputOf, editValueOf } from '../cell-edit';
import { bulkFieldsOf } from '../columns';
import { fieldTitle } from '../field-title';
import { formatNumber } from '../number-format';
import type { RecordModule } from '../record-module';
import { changeOf } from '../record-value';
import { useRecordAccess } from '../use-record-access';
import { ConfirmPopover } from './confirm-popover';
import { FieldInput } from './field-input';

/**
 * What the chosen records can go through together: a bulk update of one editable field, a bulk delete
 * after a confirm popover (Cancel / Yes). With every loaded row chosen, the choice can grow to every
 * record the filters find.
 */
export const BulkBar = ({
  config,
  fields,
  count,
  total,
  canSelectAll,
  target,
  onSelectAll,
  onClear,
}: {
  config: RecordModule;
  fields: SettingViewField[];
  /** How many records are chosen. */
  count: number;
  total: number;
  canSelectAll: boolean;
  target: BulkTarget;
  onSelectAll: () => void;
  onClear: () => void;
}) => {
  const { t } = useTranslation();
  const { client } = useAccount();
  const may = useRecordAccess(config);
  const updateMany = useUpdateMany(config);
  const deleteMany = useDeleteMany(config);
  const editable = bulkFieldsOf(fields, config.bulkKeys);
  const [isUpdating, setIsUpdating] = useState(false);
  const [key, setKey] = useState(editable[0]?.key ?? '');
  const [input, setInput] = useState<EditInput>('');
  const [deleteAnchor, setDeleteAnchor] = useState<HTMLElement | null>(null);
  const field = editable.find((item) => item.key === key);
  const result = field ? editValueOf(field.type, input) : { error: 'validation.required' };
  const amount = formatNumber(count, client.number_format);
  const canUpdate = may('bulkupdate');
  const canDelete = may('bulkdelete');

  const chooseField = (next: string) => {
    const chosen = editable.find((item) => item.key === next);
    setKey(next);
    setInput(chosen ? editInputOf(chosen.type, undefined) : '');
  };
  const openUpdate = () => {
    chooseField(editable[0]?.key ?? '');
    setIsUpdating(true);
  };
  const update = (event: FormEvent) => {
    event.preventDefault();
    if (!field || !('value' in result)) return;
    updateMany.mutate(
      { target, update: changeOf(field.key, result.value) },
      {
        onSuccess: (updated) => {
          setIsUpdating(false);
          onClear();
          notify(
            t('records.bulk.updated', { count: formatNumber(updated, client.number_format) }),
            'success',
          );
        },
      },
    );
  };
  const remove = () =>
    deleteMany.mutate(target, {
      onSuccess: (deleted) => {
        setDeleteAnchor(null);
        onClear();
        notify(t('records.bulk.deleted', { count: formatNumber(deleted, client.number_format) }), 'success');
      },
      onError: () => setDeleteAnchor(null),
    });

  return (
    <Paper
      variant="outlined"
      data-testid="bulk-bar"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        flexWrap: 'wrap',
        px: 1.5,
        py: 1,
        bgcolor: (theme) => alpha(theme.palette.primary.main, 0.06),
        borderColor: 'primary.light',
      }}
    >
      <Tooltip title={t('records.bulk.clear')}>
        <IconButton size="small" aria-label={t('records.bulk.clear')} onClick={onClear}>
          <Close fontSize="small" />
        </IconButton>
      </Tooltip>
      <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="bulk-count">
        {t('records.bulk.selected', { count: amount })}
      </Typography>
      {canSelectAll && (
        <Button size="small" onClick={onSelectAll}>
          {t('records.bulk.selectAll', { total: formatNumber(total, client.number_format) })}
        </Button>
      )}
      <Box sx={{ flex: 1 }} />
      {canUpdate && editable.length > 0 && (
        <Button size="small" variant="outlined" startIcon={<EditNoteOutlined />} onClick={openUpdate}>
          {t('records.bulk.update')}
        </Button>
      )}
      {canDelete && (
        <Button
          size="small"
          variant="outlined"
          color="error"
          startIcon={<DeleteOutline />}
          onClick={(event) => setDeleteAnchor(event.currentTarget)}
          data-testid="bulk-delete"
        >
          {t('records.bulk.delete')}
        </Button>
      )}
      <ConfirmPopover
        anchor={deleteAnchor}
        question={t('records.bulk.confirmDelete', { count: amount })}
        isPending={deleteMany.isPending}
        onCancel={() => setDeleteAnchor(null)}
        onConfirm={remove}
      />
      <FormDialog
        isOpen={isUpdating}
        title={t('records.bulk.updateTitle')}
        text={t('records.bulk.updateHelp', { count: amount })}
        failure={null}
        isPending={updateMany.isPending}
        canSubmit={field !== undefined && 'value' in result}
        submitLabel={t('records.bulk.apply')}
        testId="bulk-update"
        onClose={() => setIsUpdating(false)}
        onSubmit={update}
      >
        <TextField
          select
          label={t('records.bulk.field')}
          value={key}
          onChange={(event) => chooseField(event.target.value)}
        >
          {editable.map((item) => (
            <MenuItem key={item.key} value={item.key}>
              {fieldTitle(t, item)}
            </MenuItem>
          ))}
        </TextField>
        {field && (
          <FieldInput
            // A new field starts a new input (a tag list is not a date).
            key={field.key}
            module={config.module}
            field={field}
            value={input}
            onChange={setInput}
            hasLabel
            label={t('records.bulk.value')}
            canCreate
            error={'error' in result && input !== '' ? t(result.error) : undefined}
          />
        )}
      </FormDialog>
    </Paper>
  );
};
