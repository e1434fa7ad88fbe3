import type { Device } from '@conversa/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { deviceQueryKey } from './api/get-device';
import { devicesQueryKey } from './api/search-devices';
import { applyDeviceNotification } from './realtime';
import { makeDevice } from './test/device-fixtures';

const setup = () => {
  const queryClient = new QueryClient();
  const sandbox = makeDevice('sandbox');
  const telegram = makeDevice('telegram', { status: 'disconnected' });
  queryClient.setQueryData(devicesQueryKey, [sandbox, telegram]);
  queryClient.setQueryData(deviceQueryKey(telegram.id), telegram);
  const list = () => queryClient.getQueryData<Device[]>(devicesQueryKey) ?? [];
  return { queryClient, sandbox, telegram, list };
};

describe('devices realtime', () => {
  it('shows a status change in the list and the open detail without a refetch', () => {
    const { queryClient, telegram, list } = setup();
    const connected = { ...telegram, status: 'connected' as const };

    applyDeviceNotification(queryClient, { module: 'device', action: 'update', data: [connected] });

    expect(list().find((device) => device.id === telegram.id)?.status).toBe('connected');
    expect(queryClient.getQueryData<Device>(deviceQueryKey(telegram.id))?.status).toBe('connected');
  });

  it('adds a device created elsewhere and removes a deleted one', () => {
    const { queryClient, sandbox, list } = setup();
    const instagram = makeDevice('instagram');

    applyDeviceNotification(queryClient, { module: 'device', action: 'create', data: [instagram] });
    applyDeviceNotification(queryClient, { module: 'device', action: 'delete', data: [{ id: sandbox.id }] });

    expect(list().map((device) => device.id)).toEqual(['device-telegram', 'device-instagram']);
  });

  it('leaves other modules alone', () => {
    const { queryClient, list } = setup();

    applyDeviceNotification(queryClient, {
      module: 'contact',
      action: 'delete',
      data: [{ id: 'device-sandbox' }],
    });

    expect(list()).toHaveLength(2);
  });
});
