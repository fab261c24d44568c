import type { Preferences } from '@tenger/protocol';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../api/types';
import { useAppDispatch } from './hooks';
import { setTheme } from './themeSlice';
import { SUPPORTED_LANGUAGES } from './constants';

/**
 * The preferences a feature keeps on this device (the table's settings, the players muted in chat). The
 * app's root passes them in, so app/ does not reach into features.
 */
export interface DevicePreferences {
  /** The names of the on/off table settings the account may hold. */
  tableSettingNames: readonly string[];
  tableSettings(change: Record<string, boolean>): void;
  chatMuted(userIds: number[]): void;
}

/** What to change on this device for the preferences the account keeps. */
export interface PreferenceTargets extends DevicePreferences {
  theme(mode: 'dark' | 'light'): void;
  language(language: string): void;
}

/**
 * Applies the account's saved preferences to this device: the table settings, the theme, the language
 * and the players muted in chat. Only what the account holds changes; the rest keeps this device's
 * (local storage) values, which is all a visitor has.
 */
export function applyAccountPreferences(
  preferences: Preferences | undefined,
  targets: PreferenceTargets,
): void {
  if (!preferences) return;
  const change: Record<string, boolean> = {};
  for (const name of targets.tableSettingNames) {
    const value = (preferences as Record<string, unknown>)[name];
    if (typeof value === 'boolean') change[name] = value;
  }
  if (Object.keys(change).length > 0) targets.tableSettings(change);
  if (typeof preferences.darkTheme === 'boolean') targets.theme(preferences.darkTheme ? 'dark' : 'light');
  if (preferences.language && (SUPPORTED_LANGUAGES as readonly string[]).includes(preferences.language))
    targets.language(preferences.language);
  if (Array.isArray(preferences.chatMuted)) targets.chatMuted(preferences.chatMuted);
}

/** Once per signed-in user (each login, on any device): the account's preferences take effect here. */
export function useAccountPreferences(me: CurrentUser | undefined, device: DevicePreferences): void {
  const dispatch = useAppDispatch();
  const { i18n } = useTranslation();
  const appliedFor = useRef<string | null>(null);
  const userId = me ? String(me.userId) : null;
  useEffect(() => {
    if (!me) appliedFor.current = null;
    if (!me || appliedFor.current === userId) return;
    appliedFor.current = userId;
    applyAccountPreferences(me.preferences, {
      ...device,
      theme: (mode) => dispatch(setTheme(mode)),
      language: (language) => void i18n.changeLanguage(language),
    });
  }, [me, userId, dispatch, i18n, device]);
}
