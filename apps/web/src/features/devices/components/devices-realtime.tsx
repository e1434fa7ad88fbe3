import { useDevicesRealtime } from '../realtime';

/** Mounted once in the layout for people who can see devices, so every devices screen stays live. */
export const DevicesRealtime = () => {
  useDevicesRealtime();
  return null;
};
