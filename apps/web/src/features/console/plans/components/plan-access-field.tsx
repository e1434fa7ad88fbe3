import { CLIENT_PERMISSIONS } from '@conversa/domain';
import {
  Box,
  Checkbox,
  Divider,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  Paper,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import {
  actionOf,
  groupState,
  permissionGroups,
  toggleGroup,
  toggleKey,
} from '../../../settings/users/permission-groups';

// Every permission a company can hold, in the product's order: a plan may give any of them.
const GROUPS = permissionGroups(CLIENT_PERMISSIONS);

/** What the plan gives: its permission keys as a checklist grouped by module (a module's box ticks all of it). */
export const PlanAccessField = ({
  access,
  error,
  onChange,
}: {
  access: string[];
  error?: string;
  onChange: (access: string[]) => void;
}) => {
  const { t } = useTranslation();
  return (
    <Box
      component="fieldset"
      sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1 }}
      data-testid="plan-access"
    >
      <Typography component="legend" variant="subtitle2">
        {t('plansAdmin.form.access')}
      </Typography>
      {error && (
        <FormHelperText error data-testid="plan-access-error">
          {error}
        </FormHelperText>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))',
        }}
      >
        {GROUPS.map((group) => {
          const state = groupState(group, access);
          const label = t(`users.permissions.module.${group.module}`);
          return (
            <Paper key={group.module} variant="outlined" sx={{ p: 1.5 }}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={state === 'all'}
                    indeterminate={state === 'some'}
                    onChange={(_event, checked) => onChange(toggleGroup(group, access, checked))}
                    slotProps={{ input: { 'aria-label': label } }}
                  />
                }
                label={label}
                sx={{ '& .MuiFormControlLabel-label': { fontWeight: 600 } }}
                data-testid={`plan-access-module-${group.module}`}
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
                        onChange={(_event, checked) => onChange(toggleKey(key, access, checked))}
                        slotProps={{ input: { name: key } }}
                      />
                    }
                    label={t(`users.permissions.action.${actionOf(key)}`)}
                    data-testid={`plan-access-key-${key}`}
                  />
                ))}
              </FormGroup>
            </Paper>
          );
        })}
      </Box>
    </Box>
  );
};
