import type { ChannelType } from '@conversa/domain';
import type { FieldPath } from 'react-hook-form';

/**
 * What the create dialog and the settings form edit. Field names are the server's paths
 * (`setting.conect.config.bot_token`), so the `errors` of a 400 land on their fields as they are.
 */
export type DeviceForm = {
  name: string;
  color: string;
  background_color: string;
  setting: { conect: { type: ChannelType; config: Record<string, string> } };
};

export type DeviceFormPath = FieldPath<DeviceForm>;

export const configPath = (key: string): DeviceFormPath => `setting.conect.config.${key}`;

const FIXED_PATHS: readonly string[] = ['name', 'color', 'background_color'];

/** Whether a server error path names a field the form shows (the config keys of the chosen provider). */
export const formPathOf = (path: string, configKeys: readonly string[]): DeviceFormPath | undefined => {
  if (FIXED_PATHS.includes(path)) return path as DeviceFormPath;
  const key = path.match(/^setting\.conect\.config\.(\w+)$/)?.[1];
  return key && configKeys.includes(key) ? configPath(key) : undefined;
};
