import { isPermissionKey, type User } from '@conversa/domain';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  FormControlLabel,
  FormGroup,
  Paper,
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
import { actionOf, groupState, permissionGroups, toggleGroup, toggleKey } from './permission-groups';

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
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
          }}
          data-testid="access-groups"
        >
          {groups.map((group) => {
            const state = groupState(group, access);
            return (
              <Paper key={group.module} variant="outlined" sx={{ p: 1.5 }}>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={state === 'all'}
                      indeterminate={state === 'some'}
                      onChange={(_event, checked) => setAccess(toggleGroup(group, access, checked))}
                      slotProps={{ input: { 'aria-label': t(`users.permissions.module.${group.module}`) } }}
                    />
                  }
                  label={t(`users.permissions.module.${group.module}`)}
                  sx={{ '& .MuiFormControlLabel-label': { fontWeight: 600 } }}
                  data-testid={`access-module-${group.module}`}
                />
                <Divider sx={{ my: 0.5 }} />
                <FormGroup sx={{ pl: 2 }}>
                  {group.keys.map((key) => (
                    <FormControlLabel
                      key={key}
                      control={
                        <Checkbox
                          size="small"
                          checked={access.includes(key)}
                          onChange={(_event, checked) => setAccess(toggleKey(key, access, checked))}
                          slotProps={{ input: { name: key } }}
                        />
                      }
                      label={t(`users.permissions.action.${actionOf(key)}`)}
                      data-testid={`access-key-${key}`}
                    />
                  ))}
                </FormGroup>
              </Paper>
            );
          })}
        </Box>
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
