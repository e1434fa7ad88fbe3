import { CLIENT_PERMISSIONS } from '@conversa/domain';
import { Box, FormHelperText, Typography } from '@mui/material';
import { PermissionChecklist } from '../../settings/users/permission-checklist';
import { permissionGroups } from '../../settings/users/permission-groups';

// Every permission a company can hold, in the product's order: a plan or a company may get any of them.
const GROUPS = permissionGroups(CLIENT_PERMISSIONS);

/**
 * Permission keys as a checklist grouped by module as the users screen groups them (a module's box ticks
 * all of it): what a plan gives, or a company's own access. `testId` prefixes the test ids of its parts.
 */
export const AccessChecklist = ({
  label,
  testId,
  access,
  error,
  onChange,
}: {
  label: string;
  testId: string;
  access: string[];
  error?: string;
  onChange: (access: string[]) => void;
}) => (
  <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1 }} data-testid={testId}>
    <Typography component="legend" variant="subtitle2">
      {label}
    </Typography>
    {error && (
      <FormHelperText error data-testid={`${testId}-error`}>
        {error}
      </FormHelperText>
    )}
    <PermissionChecklist
      groups={GROUPS}
      access={access}
      onChange={onChange}
      testId={testId}
      columnWidth={220}
    />
  </Box>
);
