import { Button, type ButtonProps, CircularProgress } from '@mui/material';

/** A form's submit button: disabled and spinning while the form's request is on its way. */
export const SubmitButton = ({ isPending, disabled, ...props }: ButtonProps & { isPending: boolean }) => (
  <Button
    type="submit"
    variant="contained"
    {...props}
    disabled={Boolean(disabled) || isPending}
    startIcon={isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
  />
);
