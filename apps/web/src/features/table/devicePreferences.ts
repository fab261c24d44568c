import type { DevicePreferences } from '../../app/accountPreferences';
import { setMutedPlayers } from './chat/chatMutes';
import { DEFAULT_TABLE_SETTINGS, updateTableSettings, type TableSettings } from './settings';

/** The table's settings and chat mutes, as the account's saved preferences set them on this device. */
export const tableDevicePreferences: DevicePreferences = {
  tableSettingNames: Object.keys(DEFAULT_TABLE_SETTINGS),
  // The names come from DEFAULT_TABLE_SETTINGS, so every key of `change` is a table setting.
  tableSettings: (change) => void updateTableSettings(change as Partial<TableSettings>),
  chatMuted: (ids) => void setMutedPlayers(ids),
};
