import type { SettingViewField, ViewModule } from '@conversa/domain';
import { Box, IconButton, Tooltip } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Check from '../../icons/Check';
import Close from '../../icons/Close';
import EditOutlined from '../../icons/EditOutlined';
import { type EditInput, editInputOf, editValueOf } from '../cell-edit';
import { fieldTitle } from '../field-title';
import { isChoiceType } from '../use-field-options';
import { FieldInput } from './field-input';

/**
 * The inline-editable cell (spec sections 2 and 4): the value with an edit button when the person may
 * edit it, otherwise the value alone; in edit mode the check saves and closes, the cross closes, and the
 * check is disabled while the value is wrong. Enter saves, Escape closes.
 */
export const EditableCell = ({
  module,
  field,
  value,
  canEdit,
  children,
  onSave,
}: {
  module: ViewModule;
  field: SettingViewField;
  value: unknown;
  canEdit: boolean;
  /** The value as the table shows it. */
  children: ReactNode;
  onSave: (value: unknown) => void;
}) => {
  const { t } = useTranslation();
  const [input, setInput] = useState<EditInput | null>(null);
  if (!canEdit) return <>{children}</>;

  const title = fieldTitle(t, field);
  if (input === null) {
    return (
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          minWidth: 0,
          '& .edit-cell': { opacity: 0 },
          '&:hover .edit-cell, & .edit-cell:focus-visible': { opacity: 1 },
        }}
      >
        <Box sx={{ minWidth: 0, flex: 1 }}>{children}</Box>
        <Tooltip title={t('records.edit.edit', { field: title })}>
          <IconButton
            className="edit-cell"
            size="small"
            aria-label={t('records.edit.edit', { field: title })}
            onClick={() => setInput(editInputOf(field.type, value))}
            data-testid={`edit-${field.key}`}
          >
            <EditOutlined fontSize="inherit" />
          </IconButton>
        </Tooltip>
      </Box>
    );
  }

  const result = editValueOf(field.type, input);
  const error = 'error' in result ? t(result.error) : undefined;
  const save = () => {
    if ('value' in result) onSave(result.value);
    setInput(null);
  };
  const close = () => setInput(null);

  return (
    <Box
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, minWidth: 220 }}
      data-testid="cell-editor"
    >
      <FieldInput
        module={module}
        field={field}
        value={input}
        onChange={setInput}
        label={title}
        canCreate
        autoFocus
        error={error}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
          // A choice list uses Enter to pick an option; typed fields save with it.
          if (event.key === 'Enter' && !isChoiceType(field.type) && !error) save();
        }}
      />
      <IconButton
        size="small"
        color="primary"
        disabled={Boolean(error)}
        aria-label={t('records.edit.save')}
        onClick={save}
      >
        <Check fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label={t('records.edit.cancel')} onClick={close}>
        <Close fontSize="small" />
      </IconButton>
    </Box>
  );
};
