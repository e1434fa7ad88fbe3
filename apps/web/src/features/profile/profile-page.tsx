import { isLocale, LOCALES, type UserUpdateInput } from '@conversa/domain';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Divider,
  FormControlLabel,
  Grid,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useUpdateCurrentUser } from '../../shared/account/api/update-user';
import { useAccount } from '../../shared/account/use-account';
import { changeLocale, currentLocale } from '../../shared/i18n';
import { notify } from '../../shared/notify';
import { PageHeader } from '../../shared/ui/page-header';
import { AlertsCard } from './components/alerts-card';
import { DetailsCard } from './components/details-card';
import { PasswordCard } from './components/password-card';
import { SessionsCard } from './components/sessions-card';
import { TwoFactorCard } from './components/two-factor-card';

/**
 * The signed-in user's own page: name and avatar initials, preferences (saved at once), password,
 * two-factor and the open sessions. The master acting as the owner sees why the password, two-factor and
 * sessions cannot be changed instead of their actions: the server keeps those to the owner.
 */
export const ProfilePage = () => {
  const { t } = useTranslation();
  const { user, impersonation } = useAccount();
  const isOwnAccount = !impersonation;
  const update = useUpdateCurrentUser();
  const language = isLocale(user.language) ? user.language : currentLocale();

  const save = (changes: UserUpdateInput) =>
    update.mutate(changes, { onSuccess: () => notify(t('profile.saved'), 'success') });

  return (
    <>
      <PageHeader title={t('nav.profile')} subtitle={t('modules.profile')} />
      {impersonation && (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="profile-owner-only">
          {t('impersonation.ownerOnly', { owner: impersonation.owner.name })}
        </Alert>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }} sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
          <DetailsCard key={`${user.name}|${user.initials}`} user={user} />
          {isOwnAccount && <PasswordCard />}
        </Grid>
        <Grid size={{ xs: 12, md: 7 }} sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
          <Card>
            <CardContent sx={{ display: 'grid', gap: 2 }}>
              <Typography variant="h6" component="h2">
                {t('profile.preferences')}
              </Typography>
              <TextField
                select
                id="profile-language"
                label={t('profile.language')}
                value={language}
                slotProps={{
                  select: { native: true },
                  inputLabel: { shrink: true },
                  htmlInput: { name: 'language' },
                }}
                onChange={(event) => {
                  const next = event.target.value;
                  if (!isLocale(next)) return;
                  void changeLocale(next);
                  save({ language: next });
                }}
              >
                {LOCALES.map((locale) => (
                  <option key={locale} value={locale}>
                    {t(`language.names.${locale}`)}
                  </option>
                ))}
              </TextField>
              <Divider />
              <Box sx={{ display: 'grid' }}>
                <FormControlLabel
                  control={
                    <Switch
                      checked={user.sound}
                      onChange={(_event, checked) => save({ sound: checked })}
                      slotProps={{ input: { name: 'sound' } }}
                    />
                  }
                  label={t('profile.sound')}
                />
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {t('profile.soundHelp')}
                </Typography>
                <FormControlLabel
                  control={
                    <Switch
                      checked={user.notify}
                      onChange={(_event, checked) => save({ notify: checked })}
                      slotProps={{ input: { name: 'notify' } }}
                    />
                  }
                  label={t('profile.notify')}
                />
                <Typography variant="body2" color="text.secondary">
                  {t('profile.notifyHelp')}
                </Typography>
              </Box>
            </CardContent>
          </Card>
          <AlertsCard user={user} save={save} canPush={isOwnAccount} />
          <TwoFactorCard isOwner={user.account !== 'user'} canChange={isOwnAccount} />
          <SessionsCard canRevoke={isOwnAccount} />
        </Grid>
      </Grid>
    </>
  );
};
