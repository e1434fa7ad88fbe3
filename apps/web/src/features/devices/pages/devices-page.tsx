import { Box, Button, Card, CardContent, Skeleton, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../shared/account/use-account';
import Add from '../../../shared/icons/Add';
import DevicesOtherOutlined from '../../../shared/icons/DevicesOtherOutlined';
import ErrorOutline from '../../../shared/icons/ErrorOutline';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { useDevices } from '../api/search-devices';
import { DeviceCard } from '../components/device-card';
import { NewDeviceDialog } from '../components/new-device-dialog';

// Cards fill the row on wide screens and stack one per row on a phone.
const gridSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 340px), 1fr))',
};

const DeviceCardSkeleton = () => (
  <Card variant="outlined" data-testid="device-skeleton">
    <CardContent sx={{ display: 'flex', gap: 2 }}>
      <Skeleton variant="circular" width={44} height={44} />
      <Box sx={{ flex: 1 }}>
        <Skeleton width="60%" height={28} />
        <Skeleton width="35%" />
        <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
          <Skeleton variant="rounded" width={96} height={24} />
          <Skeleton variant="rounded" width={72} height={24} />
        </Stack>
      </Box>
    </CardContent>
    <Box sx={{ px: 2, pb: 2, display: 'flex', justifyContent: 'space-between' }}>
      <Skeleton variant="rounded" width={90} height={30} />
      <Skeleton variant="rounded" width={110} height={30} />
    </Box>
  </Card>
);

/** The company's channel accounts, live: status changes arrive through the socket. */
export const DevicesPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const devices = useDevices();
  const [isNewOpen, setIsNewOpen] = useState(false);
  const list = devices.data ?? [];
  const newButton = can('device.create') && (
    <Button
      variant="contained"
      startIcon={<Add />}
      onClick={() => setIsNewOpen(true)}
      data-testid="new-device"
    >
      {t('devices.new')}
    </Button>
  );
  return (
    <Box>
      <PageHeader title={t('nav.devices')} subtitle={t('devices.subtitle')} actions={newButton} />
      {devices.isPending ? (
        <Box sx={gridSx} aria-busy="true" aria-label={t('common.loading')}>
          {[1, 2, 3].map((key) => (
            <DeviceCardSkeleton key={key} />
          ))}
        </Box>
      ) : devices.isError ? (
        <EmptyState
          icon={ErrorOutline}
          title={t('devices.loadFailed')}
          action={<Button onClick={() => void devices.refetch()}>{t('common.retry')}</Button>}
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon={DevicesOtherOutlined}
          title={t('devices.empty')}
          description={t('devices.emptyHelp')}
          action={newButton}
        />
      ) : (
        <Box sx={gridSx} data-testid="device-list">
          {list.map((device) => (
            <DeviceCard key={device.id} device={device} />
          ))}
        </Box>
      )}
      <NewDeviceDialog isOpen={isNewOpen} onClose={() => setIsNewOpen(false)} />
    </Box>
  );
};
