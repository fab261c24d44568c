import { useSyncExternalStore } from 'react';

/**
 * The table settings of the settings dialog that belong to the table itself (the theme and language
 * are the app's own, kept under themeMode and i18nextLng). Remembered in localStorage under
 * TABLE_SETTINGS_KEY; unknown or damaged stored values fall back to the defaults one by one.
 */
export interface TableSettings {
  sounds: boolean;
  animations: boolean;
  autoMuck: boolean;
  fourColourDeck: boolean;
  music: boolean;
  backgroundMusic: boolean;
  /** No chat panel and no chat button at the table. */
  hideChat: boolean;
  /** Your turn at a table you are not looking at: the tab's title flashes. */
  turnTitleFlash: boolean;
  /** …and a browser notification (only once the browser allowed it, asked from the settings). */
  turnNotification: boolean;
  /** …and the phone vibrates. */
  turnVibrate: boolean;
  /** The table's volume, 0 (silent) to 100: this device's own, not kept on the account. */
  soundVolume: number;
  /** The session panel (hands, time seated, net result) is open. */
  sessionPanelOpen: boolean;
}

/** The settings that are on/off switches (all but the volume). */
export type TableSwitch = {
  [K in keyof TableSettings]: TableSettings[K] extends boolean ? K : never;
}[keyof TableSettings];

export const MAX_SOUND_VOLUME = 100;

export const TABLE_SETTINGS_KEY = 'tableSettings';

export const DEFAULT_TABLE_SETTINGS: TableSettings = {
  sounds: true,
  animations: true,
  autoMuck: true,
  fourColourDeck: false,
  music: false,
  backgroundMusic: false,
  hideChat: false,
  turnTitleFlash: true,
  turnNotification: false,
  turnVibrate: true,
  soundVolume: 70,
  sessionPanelOpen: true,
};

const SETTING_NAMES = Object.keys(DEFAULT_TABLE_SETTINGS) as (keyof TableSettings)[];

export function readTableSettings(
  storage: Pick<Storage, 'getItem'> | undefined = safeStorage(),
): TableSettings {
  const settings = { ...DEFAULT_TABLE_SETTINGS };
  let stored: unknown;
  try {
    stored = JSON.parse(storage?.getItem(TABLE_SETTINGS_KEY) ?? 'null');
  } catch {
    return settings;
  }
  if (stored && typeof stored === 'object') {
    for (const name of SETTING_NAMES) {
      const value = (stored as Record<string, unknown>)[name];
      if (name === 'soundVolume') {
        if (typeof value === 'number' && value >= 0 && value <= MAX_SOUND_VOLUME) settings[name] = value;
      } else if (typeof value === 'boolean') settings[name] = value;
    }
  }
  return settings;
}

export function saveTableSettings(
  settings: TableSettings,
  storage: Pick<Storage, 'setItem'> | undefined = safeStorage(),
): void {
  try {
    storage?.setItem(TABLE_SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Private mode or full storage: the settings still apply for this visit.
  }
}

// A tiny shared store so the page, the sound player and the dialog all see the same settings.
let current: TableSettings | null = null;
const listeners = new Set<() => void>();

export function getTableSettings(): TableSettings {
  current ??= readTableSettings();
  return current;
}

export function updateTableSettings(change: Partial<TableSettings>): TableSettings {
  current = { ...getTableSettings(), ...change };
  saveTableSettings(current);
  for (const listener of listeners) listener();
  return current;
}

/** Forget the in-memory copy (tests, or after another tab changed storage). */
export function reloadTableSettings(): void {
  current = null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TABLE_SETTINGS_KEY) reloadTableSettings();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useTableSettings(): TableSettings {
  return useSyncExternalStore(subscribe, getTableSettings, getTableSettings);
}

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
