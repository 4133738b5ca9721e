import '../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { useEffect, useMemo, useState } from 'react';
import { useHydratedStore } from '../../lib/react/use-store.ts';
import { $sidebar, $device, closeSidebar } from '../../stores/app.ts';
import { $current, $sidebarMenus, loadRoutes } from '../../stores/routes.ts';
import { sidebarEntry, visibleChildren, pageHref, type MenuNode } from '../../lib/routes/menu.ts';
import { menuIconClass } from '../../lib/routes/icons.ts';
import { BASE_PATH, TITLE_TOOLTIP_MIN_CHARS } from '../../../shared/constants.ts';
import { menuPathOf } from '../router/screens.ts';
import { useT } from '../../lib/i18n/react.ts';
import shell from '../../lib/i18n/ns/shell.ts';
import common from '../../lib/i18n/ns/common.ts';
import { Logo } from '../../components/Logo.tsx';

/** Native tooltip for long titles (spec §2: over 5 characters), which the narrow sidebar may cut. */
const tip = (title: string) => (title.length > TITLE_TOOLTIP_MIN_CHARS ? title : undefined);
const contains = (n: MenuNode, path: string): boolean => n.path === path || n.children.some((c) => contains(c, path));

/**
 * The sidebar (spec §2): permitted routes, collapsible, one submenu open at a time, hidden items
 * skipped, a parent with one visible child drawn as that child. Persisted across page swaps.
 */
export default function ShellSidebar() {
  const t = useT(shell);
  const tc = useT(common);
  const [mounted, setMounted] = useState(false);
  const menus = useHydratedStore($sidebarMenus, []);
  const current = useHydratedStore($current, { path: '/', fullPath: '/', title: '' });
  const sidebar = useHydratedStore($sidebar, { opened: true, withoutAnimation: false });
  const device = useHydratedStore($device, 'desktop');

  useEffect(() => {
    setMounted(true);
    void loadRoutes().catch(() => undefined);
  }, []);

  const entries = useMemo(() => menus.filter((m) => !m.hidden).map(sidebarEntry).filter((m) => !m.hidden), [menus]);
  const collapsed = !sidebar.opened && device === 'desktop';

  return (
    <>
      {mounted && device === 'mobile' && sidebar.opened && <div className="shell-mask" onClick={() => closeSidebar(false)} aria-hidden="true" />}
      {/* Theme and logo visibility come from <html> attributes (set before paint), not from React. */}
      <aside className="shell-sidebar" data-testid="shell-sidebar" aria-label={t('sidebar.label')}>
        <a className="shell-logo" href={BASE_PATH} title={tc('appName')}>
          <Logo size={28} />
          <span className="shell-logo-title">{tc('appName')}</span>
        </a>
        <nav className="shell-menu-scroll">
          {mounted && <MenuList nodes={entries} level={0} path={menuPathOf(current.path)} collapsed={collapsed} />}
        </nav>
      </aside>
    </>
  );
}

function MenuList({ nodes, level, path, collapsed }: { nodes: MenuNode[]; level: number; path: string; collapsed: boolean }) {
  // One submenu open at a time: the one holding the current page, until the user opens another.
  const activeParent = nodes.find((n) => visibleChildren(n).length > 1 && contains(n, path))?.path ?? null;
  const [open, setOpen] = useState<string | null>(activeParent);
  useEffect(() => setOpen(activeParent), [activeParent]);
  return (
    <ul className={`shell-menu level-${level}`} role={level === 0 ? 'menubar' : 'menu'} aria-orientation="vertical">
      {nodes.map((raw) => {
        const n = sidebarEntry(raw);
        const kids = visibleChildren(n);
        if (kids.length > 1 || (n.container && kids.length > 0)) {
          const isOpen = open === n.path;
          return (
            <li key={n.path} className={`shell-submenu${isOpen ? ' is-open' : ''}${contains(n, path) ? ' is-active' : ''}`} role="none">
              <button type="button" className="shell-menu-item shell-submenu-title" role="menuitem" aria-expanded={isOpen} title={tip(n.title)} onClick={() => setOpen(isOpen ? null : n.path)} style={{ paddingLeft: collapsed && level === 0 ? undefined : 20 + level * 16 }}>
                {n.icon || level === 0 ? <i className={menuIconClass(n.icon)} aria-hidden="true" /> : null}
                <span className="shell-menu-title">{n.title}</span>
                <i className="pi pi-angle-down shell-submenu-arrow" aria-hidden="true" />
              </button>
              <div className="shell-submenu-body">
                {collapsed && level === 0 && <div className="shell-flyout-title">{n.title}</div>}
                <MenuList nodes={kids} level={level + 1} path={path} collapsed={collapsed} />
              </div>
            </li>
          );
        }
        const active = n.path === path;
        return (
          <li key={n.path} role="none" className={active ? 'is-active' : undefined}>
            <a
              className={`shell-menu-item${active ? ' is-active' : ''}`}
              role="menuitem"
              href={pageHref(BASE_PATH, n.path, n.query)}
              target={n.external ? '_blank' : undefined}
              rel={n.external ? 'noopener noreferrer' : undefined}
              title={tip(n.title) ?? (collapsed && level === 0 ? n.title : undefined)}
              aria-current={active ? 'page' : undefined}
              style={{ paddingLeft: collapsed && level === 0 ? undefined : 20 + level * 16 }}
            >
              {n.icon || level === 0 ? <i className={menuIconClass(n.icon)} aria-hidden="true" /> : null}
              <span className="shell-menu-title">{n.title}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
