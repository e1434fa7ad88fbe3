import { Alert, Box, Button, DialogActions, DialogContent, Typography } from '@mui/material';
import { CopyButton } from '../../../shared/ui/copy-button';

type SecretOnceProps = {
  /** Whose secret it is and that it is shown only now. */
  warning: string;
  secret: string;
  copyLabel: string;
  doneLabel: string;
  /** The prefix of its test ids: `{testId}` on the secret, `{testId}-done` on the button. */
  testId: string;
  onDone: () => void;
  /** How the other system uses it, under the secret, and an example of it that is not translated. */
  howTo: string;
  example?: string;
};

/**
 * A secret shown whole this once, in the dialog that created it (a webhook's signing secret, an API key,
 * a PBX's webhook address):
 * closing is the person saying they saved it.
 */
export const SecretOnce = ({
  warning,
  secret,
  copyLabel,
  doneLabel,
  testId,
  onDone,
  howTo,
  example,
}: SecretOnceProps) => (
  <>
    <DialogContent sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="warning">{warning}</Alert>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          paddingInlineStart: 2,
          paddingInlineEnd: 1,
          py: 1,
          borderRadius: 1,
          bgcolor: 'action.hover',
        }}
      >
        <Typography
          dir="ltr"
          data-testid={testId}
          sx={{ fontFamily: 'monospace', fontSize: 15, wordBreak: 'break-all', flex: 1 }}
        >
          {secret}
        </Typography>
        <CopyButton value={secret} label={copyLabel} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {howTo}
      </Typography>
      {example && (
        <Box
          component="code"
          dir="ltr"
          sx={{ fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all', textAlign: 'start' }}
        >
          {example}
        </Box>
      )}
    </DialogContent>
    <DialogActions>
      <Button variant="contained" onClick={onDone} data-testid={`${testId}-done`}>
        {doneLabel}
      </Button>
    </DialogActions>
  </>
);
