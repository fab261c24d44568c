import { useTranslation } from 'react-i18next';
import { PopupMenu, type PopupMenuItem } from '../../app/PopupMenu';

export type TableMenuItem =
  'recharge' | 'replay' | 'information' | 'settings' | 'sitOut' | 'sitIn' | 'fullScreen' | 'leave' | 'lobby';

export interface ActionMenuProps {
  /** In full screen now: the item reads "Exit Full Screen". */
  fullscreen?: boolean;
  seated: boolean;
  sittingOut: boolean;
  onChoose: (item: TableMenuItem) => void;
}

/**
 * The table action menu of spec §2: Add Chips (Recharge), Replay, Information, Settings, Sit Out, Full
 * Screen, Leave Table, Home (Lobby). Items that need a seat are disabled for spectators; Sit Out becomes
 * Sit In while sitting out.
 */
export function ActionMenu({ fullscreen = false, seated, sittingOut, onChoose }: ActionMenuProps) {
  const { t } = useTranslation();
  const items: PopupMenuItem<TableMenuItem>[] = [
    { key: 'recharge', label: t('table.menu.recharge'), disabled: !seated },
    { key: 'replay', label: t('table.menu.replay') },
    { key: 'information', label: t('table.menu.information') },
    { key: 'settings', label: t('table.menu.settings') },
    sittingOut
      ? { key: 'sitIn', label: t('table.menu.sitIn'), disabled: !seated }
      : { key: 'sitOut', label: t('table.menu.sitOut'), disabled: !seated },
    { key: 'fullScreen', label: fullscreen ? t('moments.exitFullScreen') : t('table.menu.fullScreen') },
    { key: 'leave', label: t('table.menu.leave'), disabled: !seated, danger: true },
    { key: 'lobby', label: t('table.menu.lobby') },
  ];
  return (
    <PopupMenu
      block="table-menu"
      buttonClass="tp-icon-button"
      label={t('menu.menu')}
      items={items}
      onChoose={onChoose}
    />
  );
}
