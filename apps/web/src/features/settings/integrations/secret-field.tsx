import { isMaskedSecret } from '@conversa/domain';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { useState } from 'react';
import Visibility from '../../../shared/icons/Visibility';
import VisibilityOff from '../../../shared/icons/VisibilityOff';

type SecretFieldProps = TextFieldProps & { showLabel: string; hideLabel: string };

/**
 * A secret typed in a dialog (a bot's API key, a webhook's signing secret): hidden unless the person shows
 * it, and a masked one is chosen whole on focus, so typing replaces it instead of adding to the dots.
 */
export const SecretField = ({ showLabel, hideLabel, slotProps, ...props }: SecretFieldProps) => {
  const [isShown, setIsShown] = useState(false);
  return (
    <TextField
      {...props}
      type={isShown ? 'text' : 'password'}
      autoComplete="off"
      onFocus={(event) => {
        if (isMaskedSecret(event.target.value)) event.target.select();
      }}
      slotProps={{
        ...slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                aria-label={isShown ? hideLabel : showLabel}
                onClick={() => setIsShown((shown) => !shown)}
              >
                {isShown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
};
