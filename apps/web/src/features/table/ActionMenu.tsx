import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

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
 * Screen, Leave Table, Home (Lobby). A disclosure menu with arrow keys and Escape. Items that need a seat
 * are disabled for spectators; Sit Out becomes Sit In while sitting out.
 */
export function ActionMenu({ fullscreen = false, seated, sittingOut, onChoose }: ActionMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const items: { key: TableMenuItem; label: string; disabled?: boolean; danger?: boolean }[] = [
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

  useEffect(() => {
    if (!open) return;
    itemRefs.current.find((item) => item && !item.disabled)?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const enabled = itemRefs.current.filter(
      (item): item is HTMLButtonElement => item !== null && !item.disabled,
    );
    const index = enabled.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') {
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      enabled[(index + step + enabled.length) % enabled.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="table-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="tp-icon-button"
        aria-haspopup="menu"
        aria-label={t('menu.menu')}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">☰</span>
        <span className="tp-icon-button__label">{t('menu.menu')}</span>
      </button>
      {open && (
        <div
          id={menuId}
          className="table-menu__popup"
          role="menu"
          aria-label={t('menu.menu')}
          onKeyDown={onKeyDown}
        >
          {items.map((item, index) => (
            <button
              key={item.key}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role="menuitem"
              disabled={item.disabled}
              className={`table-menu__item${item.danger ? ' table-menu__item--danger' : ''}`}
              onClick={() => {
                setOpen(false);
                onChoose(item.key);
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
