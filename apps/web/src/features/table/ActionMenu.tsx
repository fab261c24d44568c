import { useTranslation } from 'react-i18next';
import { PopupMenu, type PopupMenuItem } from '../../app/PopupMenu';

export type TableMenuItem =
  | 'recharge'
  | 'replay'
  | 'information'
  | 'settings'
  | 'sitOut'
  | 'sitIn'
  | 'fullScreen'
  | 'leave'
  | 'lobby'
  | 'tournamentLobby'
  | 'report';

export interface ActionMenuProps {
  /** In full screen now: the item reads "Exit Full Screen". */
  fullscreen?: boolean;
  seated: boolean;
  sittingOut: boolean;
  /** A tournament's table: no Add Chips and no Leave (the chips belong to the tournament); its lobby instead. */
  tournament?: boolean;
  /** "Report a player": signed in, with someone else at the table (absent: not offered). */
  canReport?: boolean;
  onChoose: (item: TableMenuItem) => void;
}

/**
 * The table action menu of spec §2: Add Chips (Recharge), Replay, Information, Settings, Sit Out, Full
 * Screen, Leave Table, Report a player (issue 24: to the security desk), Home (Lobby). Items that need a seat are disabled for spectators; Sit Out becomes
 * Sit In while sitting out. At a tournament's table Add Chips and Leave are gone (the chips belong to the
 * tournament) and the tournament's lobby is offered.
 */
export function ActionMenu({
  fullscreen = false,
  seated,
  sittingOut,
  tournament = false,
  canReport,
  onChoose,
}: ActionMenuProps) {
  const { t } = useTranslation();
  const all: Array<PopupMenuItem<TableMenuItem> & { cashOnly?: boolean; tournamentOnly?: boolean }> = [
    { key: 'recharge', label: t('table.menu.recharge'), disabled: !seated, cashOnly: true },
    { key: 'replay', label: t('table.menu.replay') },
    { key: 'information', label: t('table.menu.information') },
    { key: 'settings', label: t('table.menu.settings') },
    sittingOut
      ? { key: 'sitIn', label: t('table.menu.sitIn'), disabled: !seated }
      : { key: 'sitOut', label: t('table.menu.sitOut'), disabled: !seated },
    { key: 'fullScreen', label: fullscreen ? t('moments.exitFullScreen') : t('table.menu.fullScreen') },
    { key: 'leave', label: t('table.menu.leave'), disabled: !seated, danger: true, cashOnly: true },
    ...(canReport === undefined
      ? []
      : [{ key: 'report' as const, label: t('table.menu.report'), disabled: !canReport }]),
    { key: 'tournamentLobby', label: t('tableTournament.menuLobby'), tournamentOnly: true },
    { key: 'lobby', label: t('table.menu.lobby') },
  ];
  const items = all
    .filter((item) => (tournament ? !item.cashOnly : !item.tournamentOnly))
    .map(({ cashOnly: _cash, tournamentOnly: _tournament, ...item }) => item);
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
