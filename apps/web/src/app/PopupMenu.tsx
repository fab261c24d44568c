import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface PopupMenuItem<Key extends string> {
  key: Key;
  label: string;
  disabled?: boolean;
  danger?: boolean;
}

export interface PopupMenuProps<Key extends string> {
  /** The class of the root; the popup and its items are `<block>__popup`, `<block>__item`. */
  block: string;
  /** The class of the ☰ button; its text is `<buttonClass>__label`. */
  buttonClass: string;
  /** The name of the button and the menu. */
  label: string;
  items: readonly PopupMenuItem<Key>[];
  onChoose: (key: Key) => void;
  /** Shown above the items (e.g. the signed-in user's name and balance). */
  header?: ReactNode;
}

/**
 * A ☰ button that opens a disclosure menu: arrow keys move between the enabled items, Escape closes it
 * and returns focus to the button, Tab or a click outside closes it. Hand-built to keep antd off the
 * shell; the site's user menu and the table's action menu are both this one.
 */
export function PopupMenu<Key extends string>({
  block,
  buttonClass,
  label,
  items,
  onChoose,
  header,
}: PopupMenuProps<Key>) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

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
    <div className={block} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClass}
        aria-haspopup="menu"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">☰</span>
        <span className={`${buttonClass}__label`}>{label}</span>
      </button>
      {open && (
        <div id={menuId} className={`${block}__popup`} role="menu" aria-label={label} onKeyDown={onKeyDown}>
          {header}
          {items.map((item, index) => (
            <button
              key={item.key}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role="menuitem"
              disabled={item.disabled}
              className={`${block}__item${item.danger ? ` ${block}__item--danger` : ''}`}
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
