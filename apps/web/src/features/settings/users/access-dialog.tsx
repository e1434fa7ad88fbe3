import { isPermissionKey, type User } from '@conversa/domain';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Switch,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';
import { notify } from '../../../shared/notify';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useUpdateUser } from '../api/users';
import { PermissionChecklist } from './permission-checklist';
import { permissionGroups } from './permission-groups';

/**
 * A staff user's access: the plan's permission keys as checkboxes grouped by module (a module's own box
 * ticks or clears all of it), and the answer flag that lets them write in the chat.
 */
export const AccessDialog = ({ user, onClose }: { user: User; onClose: () => void }) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const { client } = useAccount();
  const update = useUpdateUser();
  const titleId = useId();
  const groups = useMemo(() => permissionGroups(client.access), [client.access]);
  const [access, setAccess] = useState<string[]>(user.access);
  const [answer, setAnswer] = useState(user.answer);

  const save = () =>
    update.mutate(
      { id: user.id, changes: { access: access.filter(isPermissionKey), answer } },
      {
        onSuccess: () => {
          notify(t('users.accessSaved', { name: user.name }), 'success');
          onClose();
        },
      },
    );

  return (
    <Dialog
      open
      onClose={update.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={isPhone}
    >
      <DialogTitle id={titleId}>{t('users.accessTitle', { name: user.name })}</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>{t('users.accessText')}</DialogContentText>
        <FormControlLabel
          control={
            <Switch
              checked={answer}
              onChange={(_event, checked) => setAnswer(checked)}
              slotProps={{ input: { name: 'answer' } }}
            />
          }
          label={t('users.answer')}
          data-testid="access-answer"
        />
        <PermissionChecklist
          groups={groups}
          access={access}
          onChange={setAccess}
          testId="access"
          columnWidth={240}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={update.isPending}>
          {t('common.cancel')}
        </Button>
        <SubmitButton type="button" isPending={update.isPending} onClick={save} data-testid="access-save">
          {t('users.saveAccess')}
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
};
