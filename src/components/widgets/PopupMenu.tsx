import { forwardRef, useImperativeHandle, useRef, useState, type SyntheticEvent } from 'react';
import { Menu, type MenuProps } from 'primereact/menu';

// A closed menu's items: none, but a model all the same (without one the Menu renders nothing, and
// its overlay would mount already open, which PrimeReact never positions).
const NO_ITEMS: MenuProps['model'] = [];

export interface PopupMenuHandle {
  /** Opens the menu under the event's element, or closes it (PrimeReact's Menu.toggle). */
  toggle(event: SyntheticEvent<HTMLElement>): void;
}

/**
 * PrimeReact's popup Menu, given its items the first time it opens. A closed Menu still builds all
 * of its items (classes, pass-through options, icons) on every render of its owner: the navbar's
 * three menus took more render time in a list page's first load than the table's cells (CPU
 * profile, issue 12). The Menu itself is mounted from the start, so its overlay (a portal that
 * mounts a render later) is in place when the first toggle opens it, exactly as PrimeReact expects.
 */
export const PopupMenu = forwardRef<PopupMenuHandle, Omit<MenuProps, 'popup'>>(function PopupMenu({ model, ...props }, ref) {
  const menu = useRef<Menu>(null);
  const [opened, setOpened] = useState(false);
  useImperativeHandle(
    ref,
    () => ({
      toggle(event) {
        setOpened(true);
        menu.current?.toggle(event);
      },
    }),
    [],
  );
  return <Menu {...props} model={opened ? model : NO_ITEMS} popup ref={menu} />;
});
