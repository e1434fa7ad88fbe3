import {
  type AlertFamily,
  NOTIFICATION_MODULES,
  type NotificationModule,
  USER_NOTIFICATIONS,
  type UserUpdateInput,
} from '@conversa/domain';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Divider,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Switch,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  currentPushSubscription,
  isPushSupported,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
  usePushKey,
} from '../api/push';

/** The module lists the card edits: which modules beep, which the system shows. */
type ModuleList = 'sound_notification' | 'push_notification';
const MODULE_LISTS: readonly ModuleList[] = ['sound_notification', 'push_notification'];

type AlertsCardProps = {
  user: { notifications: readonly string[] } & Record<ModuleList, readonly string[]>;
  save: (changes: UserUpdateInput) => void;
  /** The master acting as the owner may not have the owner's alerts pushed to their own browser. */
  canPush: boolean;
};

const desktopPermission = (): NotificationPermission | 'unsupported' =>
  typeof window.Notification === 'undefined' ? 'unsupported' : window.Notification.permission;

/**
 * Which alerts the person wants (the families of their `notifications`, saved at once; one left out alerts
 * them never, their lists still update), per module whether they beep and whether the system shows them,
 * and where: on the desktop while the app is open, through the browser's permission, and by Web Push on
 * this browser while it is closed, when the server has it.
 */
export const AlertsCard = ({ user, save, canPush }: AlertsCardProps) => {
  const { notifications } = user;
  const { t } = useTranslation();
  const [permission, setPermission] = useState(desktopPermission);
  const pushKey = usePushKey();
  const [isPushed, setIsPushed] = useState(false);
  const [isPushBusy, setIsPushBusy] = useState(false);
  const [pushError, setPushError] = useState('');

  useEffect(() => {
    if (!isPushSupported()) return;
    void currentPushSubscription().then((subscription) => setIsPushed(subscription !== null));
  }, []);

  const toggleFamily = (family: AlertFamily, isWanted: boolean) =>
    save({
      notifications: USER_NOTIFICATIONS.filter((item) =>
        item === family ? isWanted : notifications.includes(item),
      ),
    });

  const toggleModule = (list: ModuleList, module: NotificationModule, isWanted: boolean) =>
    save({
      [list]: NOTIFICATION_MODULES.filter((item) => (item === module ? isWanted : user[list].includes(item))),
    });

  const togglePush = async (isWanted: boolean) => {
    const key = pushKey.data;
    if (!key) return;
    setIsPushBusy(true);
    setPushError('');
    try {
      if (isWanted) await subscribeThisBrowser(key);
      else await unsubscribeThisBrowser();
      setIsPushed(isWanted);
    } catch {
      setPushError(t('profile.alerts.pushFailed'));
    } finally {
      setIsPushBusy(false);
    }
  };

  return (
    <Card data-testid="profile-alerts">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {t('profile.alerts.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('profile.alerts.help')}
        </Typography>
        <FormGroup>
          {USER_NOTIFICATIONS.map((family) => (
            <FormControlLabel
              key={family}
              control={
                <Checkbox
                  checked={notifications.includes(family)}
                  onChange={(_event, checked) => toggleFamily(family, checked)}
                  slotProps={{ input: { name: family } }}
                />
              }
              label={t(`profile.alerts.families.${family}`)}
            />
          ))}
        </FormGroup>
        <Divider />
        <Typography variant="subtitle2">{t('profile.alerts.modules.title')}</Typography>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { sm: '1fr 1fr' } }}>
          {NOTIFICATION_MODULES.map((module) => (
            <FormControl key={module} component="fieldset" data-testid={`profile-module-${module}`}>
              <FormLabel component="legend">{t(`profile.alerts.modules.names.${module}`)}</FormLabel>
              <FormGroup row>
                {MODULE_LISTS.map((list) => (
                  <FormControlLabel
                    key={list}
                    control={
                      <Checkbox
                        checked={user[list].includes(module)}
                        onChange={(_event, checked) => toggleModule(list, module, checked)}
                        slotProps={{ input: { name: `${list}.${module}` } }}
                      />
                    }
                    label={t(`profile.alerts.modules.${list}`)}
                  />
                ))}
              </FormGroup>
            </FormControl>
          ))}
        </Box>
        <Divider />
        <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
          <Typography variant="subtitle2">{t('profile.alerts.desktop')}</Typography>
          {permission === 'default' ? (
            <Button
              variant="outlined"
              onClick={() => void window.Notification.requestPermission().then(setPermission)}
            >
              {t('profile.alerts.allowDesktop')}
            </Button>
          ) : (
            <Typography variant="body2" color="text.secondary" data-testid="profile-desktop-state">
              {t(`profile.alerts.desktopState.${permission}`)}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'grid', gap: 1 }}>
          <FormControlLabel
            control={
              <Switch
                checked={isPushed}
                disabled={!canPush || !pushKey.data || !isPushSupported() || isPushBusy}
                onChange={(_event, checked) => void togglePush(checked)}
                slotProps={{ input: { name: 'push' } }}
              />
            }
            label={t('profile.alerts.push')}
          />
          {pushKey.isSuccess && pushKey.data === null && (
            <Typography variant="body2" color="text.secondary" data-testid="profile-push-off">
              {t('profile.alerts.pushOff')}
            </Typography>
          )}
          {pushKey.data && !isPushSupported() && (
            <Typography variant="body2" color="text.secondary">
              {t('profile.alerts.pushUnsupported')}
            </Typography>
          )}
          {pushError && <Alert severity="error">{pushError}</Alert>}
        </Box>
      </CardContent>
    </Card>
  );
};
