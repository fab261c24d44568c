import type { SeatOptions } from '@tenger/protocol';
import { Modal } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableCommandInput, TableSocket } from './tableSocket';
import { useFullscreen } from './useFullscreen';

/**
 * Leaving and full screen at the table: Leave Table during your hand asks "Fold and leave?" (the
 * server folds at once on your turn, else when the turn comes); the menu reads Full Screen or Exit Full
 * Screen, and exiting during your hand asks first. Also keeps the server told of your auto-muck choice.
 */
export function useTableExits(p: {
  client: TableSocket;
  send: (command: TableCommandInput) => Promise<void>;
  inHand: boolean;
  seat: number | null;
  options: Required<SeatOptions> | undefined;
  autoMuck: boolean;
  onLeft: () => void;
}) {
  const { t } = useTranslation();
  const { client, send, inHand, seat, options, autoMuck, onLeft } = p;

  const leaveNow = async () => {
    try {
      await send({ type: 'LEAVE' });
      onLeft();
    } catch {
      // The refusal is shown in the notice.
    }
  };
  const leaveTable = () => {
    if (!inHand) return void leaveNow();
    Modal.confirm({
      title: t('moments.foldAndLeave'),
      content: t('moments.foldAndLeaveText'),
      okText: t('moments.foldAndLeaveOk'),
      cancelText: t('table.cancel'),
      okButtonProps: { danger: true },
      onOk: leaveNow,
    });
  };

  const fullscreen = useFullscreen();
  const toggleFullscreenAsking = () => {
    if (!fullscreen || !inHand) return toggleFullscreen();
    Modal.confirm({
      title: t('moments.exitFullScreenTitle'),
      content: t('moments.exitFullScreenText'),
      okText: t('moments.exitFullScreenOk'),
      cancelText: t('table.cancel'),
      onOk: toggleFullscreen,
    });
  };

  // The server knows your auto-muck choice: a losing hand is mucked at once, or you are asked.
  const sentAutoMuck = useRef<string | null>(null);
  useEffect(() => {
    if (seat === null || options?.autoMuck === autoMuck) return;
    const key = `${seat}:${autoMuck}`;
    if (sentAutoMuck.current === key) return;
    sentAutoMuck.current = key;
    void client.send({ type: 'SEAT_OPTIONS', options: { autoMuck } }).catch(() => undefined);
  }, [seat, options, autoMuck, client]);

  return { leaveTable, fullscreen, toggleFullscreenAsking };
}

function toggleFullscreen(): void {
  try {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  } catch {
    // Not supported here.
  }
}
