import { type AdminDevice, TIMING } from '@conversa/domain';
import { Chip, IconButton, TableCell, TableRow, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formattersFor } from '../../../../shared/format/intl-format';
import LinkOff from '../../../../shared/icons/LinkOff';
import PhonelinkSetupOutlined from '../../../../shared/icons/PhonelinkSetupOutlined';
import { notify } from '../../../../shared/notify';
import { ConfirmPopover } from '../../../../shared/records/components/confirm-popover';
import { wideOnly } from '../../../../shared/ui/table-styles';
import { ConsoleListPage, useSearchedList } from '../../shared/console-list-page';
import { useAdminDevicesPage, useAdminDisconnect } from '../api/devices-admin';

const DeviceRow = ({ device }: { device: AdminDevice }) => {
  const { t, i18n } = useTranslation();
  const disconnect = useAdminDisconnect();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const isConnected = device.status === 'connected';
  return (
    <TableRow data-testid="admin-device-row">
      <TableCell sx={{ fontWeight: 600 }}>{device.name}</TableCell>
      <TableCell>{device.client_name}</TableCell>
      <TableCell>{t(`devices.providers.${device.type}`)}</TableCell>
      <TableCell>
        <Chip
          size="small"
          label={t(`devices.status.${device.status}`)}
          color={isConnected ? 'success' : 'default'}
        />
      </TableCell>
      <TableCell sx={wideOnly}>
        {device.last_activity
          ? formattersFor(i18n.language).dateTime(device.last_activity)
          : t('deviceManager.noActivity')}
      </TableCell>
      <TableCell align="right">
        <Tooltip title={t('deviceManager.disconnect')}>
          <span>
            <IconButton
              aria-label={t('deviceManager.disconnect')}
              disabled={!isConnected}
              onClick={(event) => setAnchor(event.currentTarget)}
              data-testid="admin-device-disconnect"
            >
              <LinkOff />
            </IconButton>
          </span>
        </Tooltip>
        <ConfirmPopover
          anchor={anchor}
          question={t('deviceManager.disconnectQuestion', { name: device.name, company: device.client_name })}
          isPending={disconnect.isPending}
          onCancel={() => setAnchor(null)}
          onConfirm={() =>
            disconnect.mutate(device.id, {
              onSuccess: () => {
                setAnchor(null);
                notify(t('deviceManager.disconnected', { name: device.name }), 'success');
              },
              onError: () => setAnchor(null),
            })
          }
        />
      </TableCell>
    </TableRow>
  );
};

/** The master's device manager: every company's devices, searchable by device or company, and disconnect. */
export const DevicesAdminPage = () => {
  const { t } = useTranslation();
  const { paging, text, searched, onSearch } = useSearchedList(TIMING.searchDebounceMs);
  const result = useAdminDevicesPage({ text: searched, page: paging.page + 1, offset: paging.offset });
  const devices = result.data?.items ?? [];

  return (
    <ConsoleListPage
      title={t('nav.devicesAdmin')}
      subtitle={t('deviceManager.subtitle')}
      search={{
        value: text,
        onChange: onSearch,
        label: t('deviceManager.searchLabel'),
        testId: 'admin-devices-search',
      }}
      query={result}
      paging={paging}
      rowCount={devices.length}
      total={result.data?.pagination.total ?? 0}
      label={t('deviceManager.tableLabel')}
      testId="admin-devices-table"
      columns={6}
      texts={{ loadFailed: t('deviceManager.loadFailed'), rowsPerPage: t('plansAdmin.rowsPerPage') }}
      empty={{
        icon: PhonelinkSetupOutlined,
        title: t(searched.trim() ? 'plansAdmin.noMatch' : 'deviceManager.empty'),
      }}
      head={
        <>
          <TableCell>{t('deviceManager.column.name')}</TableCell>
          <TableCell>{t('deviceManager.column.company')}</TableCell>
          <TableCell>{t('deviceManager.column.provider')}</TableCell>
          <TableCell>{t('deviceManager.column.status')}</TableCell>
          <TableCell sx={wideOnly}>{t('deviceManager.column.lastActivity')}</TableCell>
          <TableCell />
        </>
      }
    >
      {devices.map((device) => (
        <DeviceRow key={device.id} device={device} />
      ))}
    </ConsoleListPage>
  );
};
