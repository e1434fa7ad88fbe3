import { type SecondFactorLoginData, type TwoFactorChallenge, twoFactorLoginSchema } from '@conversa/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client';
import { translateMessage } from '../../../shared/i18n';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { TwoFactorEnrollment } from '../../../shared/ui/two-factor-enrollment';
import { useAction } from '../../../shared/use-action';
import { loginSecondFactor } from '../api/login';

type TwoFactorStepProps = {
  challenge: TwoFactorChallenge;
  isCompact: boolean;
  /** Called with the session (and the recovery codes when the step also switched two-factor on). */
  onSignedIn: (info: string, data: SecondFactorLoginData) => void;
  /** Back to the password: the challenge expired or the person chose to start over. */
  onRestart: (failure?: string) => void;
};

/**
 * The sign-in's second step: the code of the authenticator app (or a recovery code). When the company
 * requires two-factor of someone without it, the new secret is shown first and the code confirms it.
 */
export const TwoFactorStep = ({ challenge, isCompact, onSignedIn, onRestart }: TwoFactorStepProps) => {
  const { t } = useTranslation();
  const secondFactor = useAction(loginSecondFactor);
  const [failure, setFailure] = useState<string | null>(null);
  const isEnrolling = challenge.two_factor === 'enroll';
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm<{ challenge: string; code: string }>({
    resolver: zodResolver(twoFactorLoginSchema),
    mode: 'onChange',
    defaultValues: { challenge: challenge.challenge, code: '' },
  });

  const submit = handleSubmit(async (input) => {
    setFailure(null);
    try {
      const { data, info } = await secondFactor.run(input);
      onSignedIn(info, data);
    } catch (error) {
      if (!(error instanceof ApiError)) return setFailure(t('errors.generic'));
      // An expired or spent challenge cannot be retried: the password step starts again.
      if (error.errors.some((item) => item.path === 'challenge')) return onRestart(error.errors[0]?.message);
      setFailure(error.errors[0]?.message ?? error.info);
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'grid', gap: isCompact ? 1.5 : 2 }}
      data-testid="two-factor-step"
    >
      <Typography variant="h6" component="h2">
        {t(isEnrolling ? 'twoFactor.enrollTitle' : 'twoFactor.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t(isEnrolling ? 'twoFactor.enrollHelp' : 'twoFactor.codeHelp')}
      </Typography>
      {challenge.enrollment && <TwoFactorEnrollment enrollment={challenge.enrollment} />}
      {failure && (
        <Alert severity="error" data-testid="two-factor-error">
          {failure}
        </Alert>
      )}
      <TextField
        {...register('code')}
        label={t('twoFactor.code')}
        autoComplete="one-time-code"
        autoFocus
        size={isCompact ? 'small' : 'medium'}
        error={Boolean(errors.code)}
        helperText={translateMessage(errors.code?.message)}
        slotProps={{ htmlInput: { inputMode: isEnrolling ? 'numeric' : 'text', dir: 'ltr' } }}
        fullWidth
      />
      <SubmitButton
        isPending={secondFactor.isPending}
        size={isCompact ? 'medium' : 'large'}
        disabled={!isValid}
        data-testid="two-factor-submit"
      >
        {t('twoFactor.verify')}
      </SubmitButton>
      <Button variant="text" onClick={() => onRestart()} data-testid="two-factor-back">
        {t('twoFactor.back')}
      </Button>
    </Box>
  );
};
