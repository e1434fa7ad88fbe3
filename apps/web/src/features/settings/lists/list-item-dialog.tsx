import { DEFAULT_TAG_COLOR, type ListItem } from '@conversa/domain';
import { Box, FormControlLabel, Switch, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client';
import { notify } from '../../../shared/notify';
import { ListChip } from '../../../shared/records/components/list-chip';
import { PALETTE } from '../../../shared/ui/color-palette';
import { ColorPicker } from '../../../shared/ui/color-picker';
import { FormDialog } from '../../../shared/ui/form-dialog';
import { type ListPair, useCreateListItem, useUpdateListItem } from '../api/list-items';

const COLORS = PALETTE.map((entry) => entry.color);

/** Creates an item of a module's field (`item` absent) or edits one: its name, colour and active flag. */
export const ListItemDialog = ({
  pair,
  pairLabel,
  item,
  position,
  onClose,
}: {
  pair: ListPair;
  pairLabel: string;
  item?: ListItem;
  position: number;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const create = useCreateListItem();
  const update = useUpdateListItem();
  const [name, setName] = useState(item?.name ?? '');
  const [color, setColor] = useState(item?.color ?? DEFAULT_TAG_COLOR);
  const [status, setStatus] = useState(item?.status ?? true);
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const isPending = create.isPending || update.isPending;

  const onError = (error: Error) => {
    if (!(error instanceof ApiError)) return setFailure(t('errors.generic'));
    const onName = error.errors.find((issue) => issue.path === 'name');
    if (onName) setNameError(onName.message);
    else setFailure(error.info || t('errors.generic'));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const onSuccess = () => {
      notify(t(item ? 'settings.lists.updated' : 'settings.lists.created', { name: name.trim() }), 'success');
      onClose();
    };
    if (item) {
      update.mutate({ id: item.id, changes: { name: name.trim(), color, status } }, { onSuccess, onError });
    } else {
      create.mutate({ ...pair, name: name.trim(), color, status, position }, { onSuccess, onError });
    }
  };

  return (
    <FormDialog
      isOpen
      title={t(item ? 'settings.lists.editTitle' : 'settings.lists.newTitle')}
      text={pairLabel}
      failure={failure}
      isPending={isPending}
      canSubmit={name.trim().length > 0}
      submitLabel={t(item ? 'settings.lists.save' : 'settings.lists.create')}
      testId="list-item"
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField
        id="list-item-name"
        label={t('settings.lists.name')}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setNameError(null);
        }}
        error={Boolean(nameError)}
        helperText={nameError}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: 60, 'data-testid': 'list-item-name' } }}
      />
      <ColorPicker
        label={t('settings.lists.color')}
        value={color}
        onChange={setColor}
        colors={COLORS}
        testId="list-item-color"
      />
      <FormControlLabel
        control={
          <Switch
            checked={status}
            onChange={(_event, checked) => setStatus(checked)}
            slotProps={{ input: { name: 'status' } }}
          />
        }
        label={t('settings.lists.active')}
      />
      <Box sx={{ justifySelf: 'start' }}>
        <ListChip
          label={name.trim() || t('settings.lists.name')}
          color={color}
          data-testid="list-item-preview"
        />
      </Box>
    </FormDialog>
  );
};
