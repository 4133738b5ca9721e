import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { PopupMenu, type PopupMenuHandle } from '../../components/widgets/PopupMenu.tsx';
import type { MenuItem } from 'primereact/menuitem';
import { $current, $menus, $topPick } from '../../stores/routes.ts';
import { sidebarEntry, topLevelOf, topMenuItems, topMenuVisibleCount, visibleChildren, type MenuNode } from '../../lib/routes/menu.ts';
import { menuPathOf } from '../router/screens.ts';
import { menuIconClass } from '../../lib/routes/icons.ts';
import { go } from '../../lib/routes/navigation.ts';
import { TOP_MENU_ITEM_WIDTH_PX } from '../../../shared/constants.ts';
import { useT } from '../../lib/i18n/react.ts';
import shell from '../../lib/i18n/ns/shell.ts';
import { useMounted } from '../../lib/react/use-mounted.ts';

/**
 * Top navigation (spec §2): Math.floor(width / 3 / 85) items, the rest under More. An item with
 * children shows them in the sidebar; a leaf opens its page and hides the sidebar.
 */
export function TopMenu() {
  const t = useT(shell);
  const mounted = useMounted();
  const menus = useStore($menus);
  const current = useStore($current);
  const pick = useStore($topPick);
  const more = useRef<PopupMenuHandle>(null);
  const [width, setWidth] = useState(1280);

  useEffect(() => {
    const update = () => setWidth(document.body.getBoundingClientRect().width);
    update();
    addEventListener('resize', update);
    return () => removeEventListener('resize', update);
  }, []);

  const items = useMemo(() => topMenuItems(menus), [menus]);
  if (!mounted) return <nav className="shell-topmenu" />;
  const count = topMenuVisibleCount(width, TOP_MENU_ITEM_WIDTH_PX);
  const shown = items.slice(0, count);
  const rest = items.slice(count);
  const top = pick ? undefined : topLevelOf(menus, menuPathOf(current.path));
  const activeTop = pick || (top ? sidebarEntry(top).path : undefined);
  const isActive = (n: MenuNode) => n.path === activeTop || (top !== undefined && n.path === top.path);

  const select = (n: MenuNode) => {
    const entry = sidebarEntry(n);
    if (entry.external) {
      window.open(entry.path, '_blank', 'noopener');
      return;
    }
    if (visibleChildren(entry).length > 0) $topPick.set(n.path);
    else {
      $topPick.set(null);
      void go(entry.path);
    }
  };

  const model: MenuItem[] = rest.map((n) => ({ label: n.title, icon: menuIconClass(n.icon), command: () => select(n) }));
  return (
    <nav className="shell-topmenu" data-testid="shell-topmenu" aria-label={t('sidebar.label')}>
      <div className="shell-topmenu-items">
      {shown.map((n) => (
        <button key={n.path} type="button" className={`shell-topmenu-item${isActive(n) ? ' is-active' : ''}`} onClick={() => select(n)}>
          <i className={menuIconClass(n.icon)} aria-hidden="true" />
          <span>{n.title}</span>
        </button>
      ))}
      </div>
      {rest.length > 0 && (
        <>
          <button type="button" className={`shell-topmenu-item${rest.some(isActive) ? ' is-active' : ''}`} onClick={(e) => more.current?.toggle(e)} aria-haspopup="menu" data-testid="topmenu-more">
            <span>{t('topMenu.more')}</span>
            <i className="pi pi-angle-down" aria-hidden="true" />
          </button>
          <PopupMenu model={model} ref={more} className="shell-popup-menu" />
        </>
      )}
    </nav>
  );
}
