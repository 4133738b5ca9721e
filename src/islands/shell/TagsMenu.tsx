import { useEffect, useRef, type KeyboardEvent } from 'react';
import { TAB_MENU_WIDTH_PX } from '../../../shared/constants.ts';

export interface TagsMenuItem {
  key: string;
  label: string;
  icon: string;
}

interface Props {
  x: number;
  y: number;
  items: TagsMenuItem[];
  onPick(key: string): void;
  /** closes the menu; focus goes back to the tab it was opened on */
  onClose(): void;
}

/**
 * The tab bar's context menu (a right click on a tab, or the context-menu key or Shift+F10 on a
 * focused one), with the WAI-ARIA menu keys its role promises: focus on the first item when it
 * opens, Up and Down (wrapping), Home and End, Enter or Space to choose, Esc and Tab to close.
 * Focus goes back to the tab when it closes (here for Esc and Tab, which must act before the key
 * does; a choice or a click elsewhere through shell/focus-return.ts).
 */
export function TagsMenu({ x, y, items, onPick, onClose }: Props) {
  const list = useRef<HTMLUListElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    list.current?.querySelector<HTMLElement>('[role=menuitem]')?.focus();
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const all = [...(list.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])];
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => all[(i + all.length) % all.length]?.focus();
    switch (e.key) {
      case 'ArrowDown':
        move(at + 1);
        break;
      case 'ArrowUp':
        move(at - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(all.length - 1);
        break;
      case 'Enter':
      case ' ':
        if (at >= 0) onPick(all[at]!.dataset.action!);
        onClose();
        break;
      case 'Escape':
      case 'Tab':
        // Tab goes on from the tab: focused before the key's own move.
        opener.current?.focus();
        onClose();
        if (e.key === 'Tab') return;
        break;
      default:
        return;
    }
    e.preventDefault();
  };

  return (
    <ul className="shell-tags-menu" role="menu" ref={list} style={{ left: x, top: y, width: TAB_MENU_WIDTH_PX }} data-testid="tags-menu" onKeyDown={onKeyDown}>
      {items.map((item) => (
        <li key={item.key} role="menuitem" tabIndex={-1} data-action={item.key} onClick={() => onPick(item.key)}>
          <i className={`pi ${item.icon}`} aria-hidden="true" />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
