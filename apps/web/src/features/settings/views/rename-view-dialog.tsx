import type { View } from '@conversa/domain';
import { TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/notify';
import { FormDialog } from '../../../shared/ui/form-dialog';
import { useUpdateView } from '../api/views';

export const RenameViewDialog = ({ view, onClose }: { view: View; onClose: () => void }) => {
  const { t } = useTranslation();
  const update = useUpdateView();
  const [name, setName] = useState(view.name);
  const trimmed = name.trim();
  return (
    <FormDialog
      isOpen
      title={t('settings.views.renameTitle')}
      text={t('settings.views.renameText', { name: view.name })}
      failure={null}
      isPending={update.isPending}
      canSubmit={trimmed.length > 0 && trimmed !== view.name}
      submitLabel={t('settings.views.rename')}
      testId="view-rename"
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          { id: view.id, changes: { name: trimmed } },
          {
            onSuccess: () => {
              notify(t('settings.views.renamed', { name: trimmed }), 'success');
              onClose();
            },
          },
        );
      }}
    >
      <TextField
        id="view-rename-name"
        label={t('settings.views.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: 60, 'data-testid': 'view-rename-name' } }}
      />
    </FormDialog>
  );
};
