import { Box, Checkbox, Divider, FormControlLabel, FormGroup, Paper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { actionOf, groupState, type PermissionGroup, toggleGroup, toggleKey } from './permission-groups';

/**
 * Permission keys as checkboxes grouped by module, a box per module whose own checkbox ticks or clears
 * all of it. `testId` prefixes `{testId}-groups`, `{testId}-module-{module}` and `{testId}-key-{key}`.
 */
export const PermissionChecklist = ({
  groups,
  access,
  onChange,
  testId,
  columnWidth,
}: {
  groups: PermissionGroup[];
  access: string[];
  onChange: (access: string[]) => void;
  testId: string;
  /** The narrowest a module's box gets before the columns wrap, in pixels. */
  columnWidth: number;
}) => {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${columnWidth}px), 1fr))`,
      }}
      data-testid={`${testId}-groups`}
    >
      {groups.map((group) => {
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
              data-testid={`${testId}-module-${group.module}`}
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
                  data-testid={`${testId}-key-${key}`}
                />
              ))}
            </FormGroup>
          </Paper>
        );
      })}
    </Box>
  );
};
