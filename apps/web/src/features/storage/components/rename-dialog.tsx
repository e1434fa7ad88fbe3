import { type StorageFile, storageRenameSchema } from '@conversa/domain';
import { TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client';
import { notify } from '../../../shared/notify';
import { FormDialog } from '../../../shared/ui/form-dialog';
import { useRenameFile } from '../api/storage-files';

/** Renames a file (`PUT storage/updateone/{id} { name }`): only its name changes, never its content. */
export const RenameDialog = ({ file, onClose }: { file: StorageFile; onClose: () => void }) => {
  const { t } = useTranslation();
  const [name, setName] = useState(file.name);
  const [failure, setFailure] = useState<string | null>(null);
  const rename = useRenameFile();
  const checked = storageRenameSchema.safeParse({ name });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checked.success) return;
    setFailure(null);
    rename.mutate(
      { id: file.id, name: checked.data.name },
      {
        onSuccess: () => {
          notify(t('storage.renamed'), 'success');
          onClose();
        },
        onError: (error) =>
          setFailure(error instanceof ApiError && error.info ? error.info : t('errors.generic')),
      },
    );
  };

  return (
    <FormDialog
      isOpen
      title={t('storage.renameTitle')}
      text={t('storage.renameHelp')}
      failure={failure}
      isPending={rename.isPending}
      canSubmit={checked.success && checked.data.name !== file.name}
      submitLabel={t('storage.renameSubmit')}
      testId="storage-rename"
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField
        size="small"
        autoFocus
        label={t('storage.column.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 255, 'data-testid': 'storage-rename-name' } }}
      />
    </FormDialog>
  );
};
