import { FILE_MAX_BYTES } from '@conversa/domain';
import { Button } from '@mui/material';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client';
import { formatBytes } from '../../../shared/format/byte-size';
import CloudUploadOutlined from '../../../shared/icons/CloudUploadOutlined';
import { notify } from '../../../shared/notify';
import { useUploadFile } from '../api/storage-files';

/**
 * Uploads one file to the company's storage. A file over the size limit is refused here, before a byte
 * is sent; the server's refusals (the plan's storage full) come back as `onFailure` with its own words.
 */
export const UploadButton = ({ onFailure }: { onFailure: (message: string | null) => void }) => {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadFile();

  const send = (file: File) => {
    if (file.size > FILE_MAX_BYTES) {
      onFailure(t('storage.tooLarge', { name: file.name, max: formatBytes(FILE_MAX_BYTES, i18n.language) }));
      return;
    }
    onFailure(null);
    upload.mutate(file, {
      onSuccess: () => notify(t('storage.uploaded', { name: file.name }), 'success'),
      onError: (error) =>
        onFailure(error instanceof ApiError && error.info ? error.info : t('errors.generic')),
    });
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        data-testid="storage-upload-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file may be chosen again after a refusal.
          event.target.value = '';
          if (file) send(file);
        }}
      />
      <Button
        variant="contained"
        startIcon={<CloudUploadOutlined />}
        onClick={() => input.current?.click()}
        disabled={upload.isPending}
        data-testid="storage-upload"
      >
        {t(upload.isPending ? 'storage.uploading' : 'storage.upload')}
      </Button>
    </>
  );
};
