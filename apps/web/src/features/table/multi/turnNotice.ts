import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableSettings } from '../settings';

export type NotificationPermissionState = NotificationPermission | 'unsupported';

export function notificationPermission(): NotificationPermissionState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks the browser once (from the settings dialog only, never on load). */
export async function requestNotificationPermission(): Promise<NotificationPermissionState> {
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

export interface TurnTable {
  id: string;
  name: string | null;
  yourTurn: boolean;
}

/**
 * The tables whose turn the viewer is not looking at: their turn, and either another table is focused
 * or the whole document is hidden (another browser tab, the phone's screen off).
 */
export function unseenTurns(
  tables: readonly TurnTable[],
  focused: string | null,
  hidden: boolean,
): TurnTable[] {
  return tables.filter((table) => table.yourTurn && (hidden || table.id !== focused));
}

/** How often the tab's title changes while a turn waits unseen. */
export const TITLE_FLASH_MS = 1000;
const VIBRATION = [200, 100, 200];

/**
 * The your-turn notice across tables and browser tabs: while a turn waits where the viewer is not
 * looking, the title flashes; each such turn once brings a browser notification (when allowed) and a
 * vibration (phones). Each is switched off in the table settings. Clicking the notification focuses
 * that table.
 */
export function useTurnNotice(
  tables: readonly TurnTable[],
  focused: string | null,
  settings: Pick<TableSettings, 'turnTitleFlash' | 'turnNotification' | 'turnVibrate'>,
  onFocusTable: (id: string) => void,
): void {
  const { t } = useTranslation();
  const hidden = useDocumentHidden();
  const unseen = unseenTurns(tables, focused, hidden);
  const unseenKey = unseen.map((table) => table.id).join(',');
  const first = unseen[0] ?? null;
  const flashText = first ? t('multiTable.turnTitle', { table: first.name ?? '' }) : '';

  // Title flash: alternate between the page's own title and "Your turn · Table", restored after.
  useEffect(() => {
    if (!settings.turnTitleFlash || !flashText) return;
    const own = document.title;
    let on = false;
    const flip = () => {
      on = !on;
      document.title = on ? flashText : own;
    };
    flip();
    const id = setInterval(flip, TITLE_FLASH_MS);
    return () => {
      clearInterval(id);
      document.title = own;
    };
  }, [settings.turnTitleFlash, flashText]);

  // Once per turn: a notification and a vibration. A turn seen (its table looked at) is not told again.
  const told = useRef(new Set<string>());
  const focusRef = useRef(onFocusTable);
  focusRef.current = onFocusTable;
  useEffect(() => {
    const waiting = new Set(tables.filter((table) => table.yourTurn).map((table) => table.id));
    for (const id of told.current) if (!waiting.has(id)) told.current.delete(id);
    for (const table of tables) {
      if (!table.yourTurn || told.current.has(table.id)) continue;
      told.current.add(table.id);
      if (!unseenKey.split(',').includes(table.id)) continue;
      if (settings.turnNotification && notificationPermission() === 'granted') notify(t, table, focusRef);
      if (settings.turnVibrate && typeof navigator.vibrate === 'function') {
        try {
          navigator.vibrate(VIBRATION);
        } catch {
          // Not allowed here.
        }
      }
    }
  }, [tables, unseenKey, settings.turnNotification, settings.turnVibrate, t]);
}

function notify(
  t: (key: string, options?: Record<string, unknown>) => string,
  table: TurnTable,
  focusRef: { current: (id: string) => void },
): void {
  try {
    const notification = new Notification(t('multiTable.turnTitle', { table: table.name ?? '' }), {
      body: t('multiTable.turnBody', { table: table.name ?? '' }),
      tag: `turn-${table.id}`,
    });
    notification.onclick = () => {
      window.focus();
      focusRef.current(table.id);
      notification.close();
    };
  } catch {
    // Some browsers only notify through a service worker: the title flash still tells.
  }
}

function useDocumentHidden(): boolean {
  const [hidden, setHidden] = useState(() => typeof document !== 'undefined' && document.hidden);
  useEffect(() => {
    const onChange = () => setHidden(document.hidden);
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return hidden;
}
