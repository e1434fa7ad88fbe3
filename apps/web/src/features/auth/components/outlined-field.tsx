import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';
import { type ComponentProps, useId } from 'react';

type OutlinedFieldProps = Pick<
  ComponentProps<typeof OutlinedInput>,
  'name' | 'type' | 'autoComplete' | 'autoFocus' | 'value' | 'onChange'
> & {
  label: string;
  size: 'small' | 'medium';
  error: boolean;
  helperText: string | undefined;
};

/**
 * The sign-in fields: what MUI's TextField draws, built from its parts, because TextField also imports
 * Select, Menu, Popover and Modal (18 KiB gzipped) that the first page a person opens never uses.
 */
export const OutlinedField = ({ label, size, error, helperText, ...input }: OutlinedFieldProps) => {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl variant="outlined" size={size} error={error} fullWidth>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput {...input} id={id} label={label} aria-describedby={helperText ? helperId : undefined} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
};
