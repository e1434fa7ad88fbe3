import { CLIENT_PERMISSIONS } from '@conversa/domain';
import { Box, Checkbox, FormControlLabel, FormLabel, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  actionOf,
  groupState,
  permissionGroups,
  toggleGroup,
  toggleKey,
} from '../../settings/users/permission-groups';

const ALL_GROUPS = permissionGroups(CLIENT_PERMISSIONS);

/** A company's access list: every client permission, grouped by module as the users screen groups them. */
export const AccessChecklist = ({
  access,
  error,
  onChange,
}: {
  access: string[];
  error?: string;
  onChange: (access: string[]) => void;
}) => {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Box role="group" aria-labelledby={labelId} sx={{ display: 'grid', gap: 1 }}>
      <FormLabel id={labelId} error={Boolean(error)}>
        {t('consoleClients.field.access')}
      </FormLabel>
      {error && (
        <Typography variant="caption" color="error" data-testid="client-access-error">
          {error}
        </Typography>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))',
        }}
      >
        {ALL_GROUPS.map((group) => {
          const state = groupState(group, access);
          return (
            <Box key={group.module}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={state === 'all'}
                    indeterminate={state === 'some'}
                    onChange={(_event, checked) => onChange(toggleGroup(group, access, checked))}
                  />
                }
                label={t(`users.permissions.module.${group.module}`)}
              />
              <Box sx={{ display: 'grid', ps: 3 }}>
                {group.keys.map((key) => (
                  <FormControlLabel
                    key={key}
                    control={
                      <Checkbox
                        size="small"
                        checked={access.includes(key)}
                        onChange={(_event, checked) => onChange(toggleKey(key, access, checked))}
                      />
                    }
                    label={t(`users.permissions.action.${actionOf(key)}`)}
                  />
                ))}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
};
