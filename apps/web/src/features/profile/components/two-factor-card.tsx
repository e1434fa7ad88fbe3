import {
  type TwoFactorEnrollment as Enrollment,
  type TwoFactorStatus,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
} from '@conversa/domain';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client';
import { translateMessage } from '../../../shared/i18n';
import { notify } from '../../../shared/notify';
import { FormDialog } from '../../../shared/ui/form-dialog';
import { RecoveryCodesDialog } from '../../../shared/ui/recovery-codes';
import { TwoFactorEnrollment } from '../../../shared/ui/two-factor-enrollment';
import {
  useCompanyTwoFactorRule,
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useEnrollTwoFactor,
  useTwoFactorStatus,
} from '../api/two-factor';

const failureOf = (error: unknown, fallback: string) =>
  error instanceof ApiError ? (error.errors[0]?.message ?? error.info) : fallback;

/** Scan the new secret, confirm a code, then see the recovery codes once. */
const EnrollDialog = ({ enrollment, onClose }: { enrollment: Enrollment | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const parsed = twoFactorConfirmSchema.safeParse({ code });

  const close = () => {
    setCode('');
    setFailure(null);
    onClose();
  };

  if (codes) {
    return (
      <RecoveryCodesDialog
        codes={codes}
        onClose={() => {
          setCodes(null);
          close();
        }}
      />
    );
  }
  return (
    <FormDialog
      isOpen={enrollment !== null}
      title={t('twoFactor.enableTitle')}
      text={t('twoFactor.enableHelp')}
      failure={failure}
      isPending={confirm.isPending}
      canSubmit={parsed.success}
      submitLabel={t('twoFactor.confirm')}
      testId="two-factor-enroll"
      onClose={close}
      onSubmit={(event) => {
        event.preventDefault();
        if (!parsed.success) return;
        confirm.mutate(parsed.data, {
          onSuccess: ({ codes: recovery, info }) => {
            notify(info, 'success');
            setCodes(recovery);
          },
          onError: (error) => setFailure(failureOf(error, t('errors.generic'))),
        });
      }}
    >
      {enrollment && <TwoFactorEnrollment enrollment={enrollment} />}
      <TextField
        label={t('twoFactor.code')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        error={code !== '' && !parsed.success}
        helperText={code !== '' && !parsed.success ? translateMessage(parsed.error.issues[0]?.message) : ''}
        slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', 'data-testid': 'two-factor-code' } }}
        fullWidth
        sx={{ mt: 2 }}
      />
    </FormDialog>
  );
};

/** Turning it off proves the owner: a code from the app, a recovery code or the password. */
const DisableDialog = ({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const disable = useDisableTwoFactor();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const input = { ...(code ? { code } : {}), ...(password ? { password } : {}) };
  const parsed = twoFactorDisableSchema.safeParse(input);

  const close = () => {
    setCode('');
    setPassword('');
    setFailure(null);
    onClose();
  };
  return (
    <FormDialog
      isOpen={isOpen}
      title={t('twoFactor.disableTitle')}
      text={t('twoFactor.disableHelp')}
      failure={failure}
      isPending={disable.isPending}
      canSubmit={parsed.success}
      submitLabel={t('twoFactor.disable')}
      testId="two-factor-disable"
      onClose={close}
      onSubmit={(event) => {
        event.preventDefault();
        if (!parsed.success) return;
        disable.mutate(parsed.data, {
          onSuccess: (info) => {
            notify(info, 'success');
            close();
          },
          onError: (error) => setFailure(failureOf(error, t('errors.generic'))),
        });
      }}
    >
      <Box sx={{ display: 'grid', gap: 2, mt: 1 }}>
        <TextField
          label={t('twoFactor.codeOrRecovery')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { dir: 'ltr' } }}
          fullWidth
        />
        <TextField
          label={t('twoFactor.orPassword')}
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="current-password"
          fullWidth
        />
      </Box>
    </FormDialog>
  );
};

const StatusLine = ({ status }: { status: TwoFactorStatus }) => {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Chip
        size="small"
        color={status.enabled ? 'success' : 'default'}
        label={t(status.enabled ? 'twoFactor.on' : 'twoFactor.off')}
        data-testid="two-factor-state"
      />
      {status.required_by && (
        <Typography variant="body2" color="text.secondary">
          {t(
            status.required_by === 'company' ? 'twoFactor.requiredByCompany' : 'twoFactor.requiredByPlatform',
          )}
        </Typography>
      )}
      {status.enabled && (
        <Typography variant="body2" color="text.secondary" data-testid="two-factor-codes-left">
          {t('twoFactor.codesLeft', { count: status.recovery_codes_left })}
        </Typography>
      )}
    </Box>
  );
};

/**
 * The user's own two-factor, and for the company owner the rule that requires it of everybody (a company
 * setting, so it stays while the master acts as the owner; switching the owner's own on or off does not).
 */
export const TwoFactorCard = ({ isOwner, canChange }: { isOwner: boolean; canChange: boolean }) => {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const enroll = useEnrollTwoFactor();
  const rule = useCompanyTwoFactorRule();
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const [isDisableOpen, setIsDisableOpen] = useState(false);
  const current = status.data;

  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="h6" component="h2">
          {t('twoFactor.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('twoFactor.help')}
        </Typography>
        {current && <StatusLine status={current} />}
        {current && canChange && (
          <Box>
            {current.enabled ? (
              <Button
                variant="outlined"
                color="error"
                disabled={current.required_by !== null}
                onClick={() => setIsDisableOpen(true)}
                data-testid="two-factor-disable-open"
              >
                {t('twoFactor.disable')}
              </Button>
            ) : (
              <Button
                variant="contained"
                disabled={enroll.isPending}
                onClick={() => enroll.mutate(undefined, { onSuccess: setEnrollment })}
                data-testid="two-factor-enable"
              >
                {t('twoFactor.enable')}
              </Button>
            )}
          </Box>
        )}
        {isOwner && current && (
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={current.required_by !== null}
                  disabled={!current.enabled || current.required_by === 'platform' || rule.isPending}
                  onChange={(_event, checked) =>
                    rule.mutate({ required: checked }, { onSuccess: (info) => notify(info, 'success') })
                  }
                  slotProps={{ input: { name: 'two_factor_required' } }}
                />
              }
              label={t('twoFactor.companyRule')}
            />
            <Typography variant="body2" color="text.secondary">
              {t(current.enabled ? 'twoFactor.companyRuleHelp' : 'twoFactor.companyRuleFirst')}
            </Typography>
          </Box>
        )}
      </CardContent>
      <EnrollDialog enrollment={enrollment} onClose={() => setEnrollment(null)} />
      <DisableDialog isOpen={isDisableOpen} onClose={() => setIsDisableOpen(false)} />
    </Card>
  );
};
