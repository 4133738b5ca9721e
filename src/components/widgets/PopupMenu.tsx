import { forwardRef, Suspense, useCallback, useEffect, useImperativeHandle, useRef, useState, type SyntheticEvent } from 'react';
import type { Menu as MenuInstance, MenuProps } from 'primereact/menu';
import { warmOnFirstInput } from '../../lib/warm-on-input.ts';
import { openWhenPlaced } from './open-when-placed.ts';
import { lazyInShell } from '../shell/lazy-in-shell.tsx';

// Under the shell, with the shell's PrimeReact settings (its menus portal into the persisted shell).
const Menu = lazyInShell(() => import('primereact/menu').then((m) => m.Menu));

type MenuWithElement = MenuInstance & { getElement(): HTMLElement | null };

/** Opens a Menu that has just mounted under `target`, once its overlay is in place (openWhenPlaced). */
function openMenuWhenPlaced(menu: MenuInstance, target: HTMLElement) {
  const event = { currentTarget: target } as unknown as SyntheticEvent;
  openWhenPlaced({ show: () => menu.show(event), hide: () => menu.hide(event), overlay: () => (menu as MenuWithElement).getElement?.() });
}

export interface PopupMenuHandle {
  /** Opens the menu under the event's element, or closes it (PrimeReact's Menu.toggle). */
  toggle(event: SyntheticEvent<HTMLElement>): void;
}

/**
 * PrimeReact's popup Menu, loaded and mounted the first time it opens (issue 12). Every console
 * page has three (the navbar's user, language and size menus): mounted from the start, a closed
 * Menu still built all of its items on every render of its owner (the largest component in a list
 * page's CPU profile), and its code (~5 KiB of Brotli) came with every page. Its code is asked
 * for at the first press of a key or pointer on the page, so a click usually finds it there. The
 * first toggle mounts the Menu and opens it under the toggle's element once its overlay (a portal
 * that mounts a render after the Menu) is in place, as PrimeReact expects; later toggles go
 * straight to it.
 */
export const PopupMenu = forwardRef<PopupMenuHandle, Omit<MenuProps, 'popup'>>(function PopupMenu(props, ref) {
  const menu = useRef<MenuInstance | null>(null);
  const [mounted, setMounted] = useState(false);
  // The element of a toggle that came before the Menu was there.
  const opener = useRef<HTMLElement | null>(null);
  useImperativeHandle(
    ref,
    () => ({
      toggle(event) {
        if (menu.current) return menu.current.toggle(event);
        opener.current = event.currentTarget;
        setMounted(true);
      },
    }),
    [],
  );
  useEffect(() => warmOnFirstInput(Menu.preload), []);
  const attach = useCallback((instance: MenuInstance | null) => {
    menu.current = instance;
    const target = opener.current;
    if (!instance || !target) return;
    opener.current = null;
    openMenuWhenPlaced(instance, target);
  }, []);
  // The control that opened the menu. PrimeReact gives focus back to it on Esc and on a chosen item,
  // but Tab only closed the menu and went on from the list, which sits at the end of the page:
  // focus went back to the top of the page. Focused first, Tab goes on from the control instead
  // (the WAI-ARIA menu button's rule). Closing by a click elsewhere and the rest: shell/focus-return.ts.
  const shownFrom = useRef<HTMLElement | null>(null);
  const { onShow, onKeyDown } = props;
  return mounted ? (
    <Suspense fallback={null}>
      <Menu
        {...props}
        popup
        ref={attach}
        onShow={(event) => {
          shownFrom.current = event.currentTarget instanceof HTMLElement ? event.currentTarget : null;
          onShow?.(event);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Tab') shownFrom.current?.focus();
          onKeyDown?.(event);
        }}
      />
    </Suspense>
  ) : null;
});
