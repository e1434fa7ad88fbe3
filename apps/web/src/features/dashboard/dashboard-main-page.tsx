import type { PermissionKey } from '@conversa/domain';
import { Avatar, Box, Button, Card, CardActions, CardContent, Grid, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAccount, useCan } from '../../shared/account/use-account';
import { formattersFor } from '../../shared/format/intl-format';
import ArrowForward from '../../shared/icons/ArrowForward';
import ChatOutlined from '../../shared/icons/ChatOutlined';
import ContactsOutlined from '../../shared/icons/ContactsOutlined';
import DevicesOtherOutlined from '../../shared/icons/DevicesOtherOutlined';
import type { SvgIconComponent } from '../../shared/icons/svg-icon-component';
import TaskAltOutlined from '../../shared/icons/TaskAltOutlined';
import { PageHeader } from '../../shared/ui/page-header';
import { useContactsTotal, useConversationsTotal, useTasksTotal } from './api/get-totals';
import { BalanceCard } from './balance-card';

type SummaryCard = {
  key: 'conversations' | 'contacts' | 'tasks' | 'devices';
  icon: SvgIconComponent;
  to: string;
  permission: PermissionKey;
};

const CARDS: SummaryCard[] = [
  { key: 'conversations', icon: ChatOutlined, to: '/app/chat', permission: 'chat.view' },
  { key: 'contacts', icon: ContactsOutlined, to: '/app/contacts', permission: 'contact.view' },
  { key: 'tasks', icon: TaskAltOutlined, to: '/app/tasks', permission: 'task.view' },
  { key: 'devices', icon: DevicesOtherOutlined, to: '/app/devices', permission: 'device.view' },
];

/**
 * The period's figures and charts come in their own chunk with their texts, after the frame shows: the
 * charts library stays out of what a browser downloads to show the app after sign-in.
 */
const MainPeriodSection = lazy(() =>
  import('./period/main-period-loader').then((loader) => loader.loadMainPeriodSection()),
);

/** Where everyone lands after signing in: a greeting and a summary of the main modules. */
export const DashboardMainPage = () => {
  const { t, i18n } = useTranslation();
  const account = useAccount();
  const can = useCan();
  const firstName = account.user.name.trim().split(/\s+/)[0] ?? '';
  const conversations = useConversationsTotal(can('chat.view'));
  const contacts = useContactsTotal(can('contact.view'));
  const tasks = useTasksTotal(can('task.view'));
  // Devices come with the account bundle; a count not read (yet, or refused) shows no number rather than 0.
  const counts: Record<SummaryCard['key'], number | undefined> = {
    conversations: conversations.data,
    contacts: contacts.data,
    tasks: tasks.data,
    devices: account.list_device.length,
  };
  const format = formattersFor(i18n.resolvedLanguage);

  return (
    <>
      <PageHeader title={t('dashboard.title')} subtitle={account.client.name} />
      <Card sx={{ mb: 3, bgcolor: 'primary.main', color: 'primary.contrastText', border: 0 }}>
        <CardContent sx={{ p: { xs: 3, md: 4 } }}>
          <Typography variant="h5" component="h2" data-testid="dashboard-greeting" sx={{ fontWeight: 600 }}>
            {t('dashboard.greeting', { name: firstName })}
          </Typography>
          <Typography sx={{ opacity: 0.85, mt: 1 }}>
            {t('dashboard.welcome', { company: account.client.name })}
          </Typography>
        </CardContent>
      </Card>
      <Grid container spacing={2}>
        {CARDS.map((card) => {
          const Icon = card.icon;
          const isAllowed = can(card.permission);
          return (
            <Grid key={card.key} size={{ xs: 12, sm: 6, lg: 3 }}>
              <Card
                sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
                data-testid={`card-${card.key}`}
              >
                <CardContent sx={{ flex: 1, display: 'flex', gap: 2, alignItems: 'center' }}>
                  <Avatar sx={{ bgcolor: 'primary.light', width: 48, height: 48 }}>
                    <Icon aria-hidden="true" />
                  </Avatar>
                  <Box>
                    {/* A module outside the person's access shows no figure of it. */}
                    {isAllowed && (
                      <Typography variant="h4" component="p" sx={{ fontWeight: 700, lineHeight: 1.1 }}>
                        {counts[card.key] === undefined ? '–' : format.number(counts[card.key] ?? 0)}
                      </Typography>
                    )}
                    <Typography color="text.secondary">{t(`dashboard.cards.${card.key}`)}</Typography>
                  </Box>
                </CardContent>
                <CardActions sx={{ px: 2, pb: 2 }}>
                  {isAllowed ? (
                    <Button component={RouterLink} to={card.to} size="small" endIcon={<ArrowForward />}>
                      {t('dashboard.open')}
                    </Button>
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      {t('dashboard.notIncluded')}
                    </Typography>
                  )}
                </CardActions>
              </Card>
            </Grid>
          );
        })}
        <Grid size={{ xs: 12, md: 6 }}>
          <BalanceCard />
        </Grid>
      </Grid>
      <Box sx={{ mt: 4 }}>
        {/* The section's room, kept while its chunk loads, so what is below it does not jump. */}
        <Suspense fallback={<Box sx={{ minHeight: 320 }} />}>
          <MainPeriodSection />
        </Suspense>
      </Box>
    </>
  );
};
