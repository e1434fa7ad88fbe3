import type { Device } from '@conversa/domain';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Tooltip,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../shared/account/use-account';
import DeleteOutline from '../../../shared/icons/DeleteOutline';
import { notify } from '../../../shared/notify';
import { useDeleteDevice } from '../api/delete-device';

/** Delete (device.delete) after a confirmation naming the device; hidden without the permission. */
export const DeleteDeviceButton = ({
  device,
  isIconOnly = false,
  onDeleted,
}: {
  device: Device;
  isIconOnly?: boolean;
  onDeleted?: () => void;
}) => {
  const { t } = useTranslation();
  const can = useCan();
  const remove = useDeleteDevice();
  const [isOpen, setIsOpen] = useState(false);
  if (!can('device.delete')) return null;

  const confirm = () =>
    remove.mutate(device.id, {
      onSuccess: (info) => {
        notify(info, 'success');
        setIsOpen(false);
        onDeleted?.();
      },
    });

  return (
    <>
      {isIconOnly ? (
        <Tooltip title={t('devices.delete')}>
          <IconButton
            color="error"
            onClick={() => setIsOpen(true)}
            aria-label={t('devices.delete')}
            data-testid="device-delete"
          >
            <DeleteOutline />
          </IconButton>
        </Tooltip>
      ) : (
        <Button
          color="error"
          startIcon={<DeleteOutline />}
          onClick={() => setIsOpen(true)}
          data-testid="device-delete"
        >
          {t('devices.delete')}
        </Button>
      )}
      <Dialog open={isOpen} onClose={() => setIsOpen(false)} maxWidth="xs" fullWidth>
        <DialogTitle>{t('devices.deleteTitle', { name: device.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('devices.deleteText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setIsOpen(false)}>{t('common.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            loading={remove.isPending}
            onClick={confirm}
            data-testid="device-delete-confirm"
          >
            {t('devices.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
