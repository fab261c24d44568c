import type { Preferences } from '@tenger/protocol';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../api/types';
import { setMutedPlayers } from '../features/table/chat/chatMutes';
import { DEFAULT_TABLE_SETTINGS, updateTableSettings, type TableSettings } from '../features/table/settings';
import { useAppDispatch } from './hooks';
import { setTheme } from './themeSlice';
import { SUPPORTED_LANGUAGES } from './constants';

/** What to change on this device for the preferences the account keeps. */
export interface PreferenceTargets {
  tableSettings(change: Partial<TableSettings>): void;
  theme(mode: 'dark' | 'light'): void;
  language(language: string): void;
  chatMuted(userIds: number[]): void;
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
  const change: Partial<TableSettings> = {};
  for (const name of Object.keys(DEFAULT_TABLE_SETTINGS) as (keyof TableSettings)[]) {
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
export function useAccountPreferences(me: CurrentUser | undefined): void {
  const dispatch = useAppDispatch();
  const { i18n } = useTranslation();
  const appliedFor = useRef<string | null>(null);
  const userId = me ? String(me.userId) : null;
  useEffect(() => {
    if (!me) appliedFor.current = null;
    if (!me || appliedFor.current === userId) return;
    appliedFor.current = userId;
    applyAccountPreferences(me.preferences, {
      tableSettings: (change) => updateTableSettings(change),
      theme: (mode) => dispatch(setTheme(mode)),
      language: (language) => void i18n.changeLanguage(language),
      chatMuted: (ids) => setMutedPlayers(ids),
    });
  }, [me, userId, dispatch, i18n]);
}
