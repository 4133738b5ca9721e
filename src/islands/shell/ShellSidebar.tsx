import '../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { useEffect, useMemo, useRef, useState } from 'react';
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
import { PREFETCH_LINKS_ATTR } from '../../lib/prefetch/target.ts';

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

  // Closed on a phone, the sidebar is off screen: inert, so Tab does not walk its links unseen.
  const offScreen = device === 'mobile' && !sidebar.opened;
  // The overlay sidebar of a phone closes on its mask or Esc, and focus goes back to the button that opened it.
  const closeOverlay = () => {
    closeSidebar(false);
    document.querySelector<HTMLElement>('.shell-hamburger')?.focus();
  };
  // …and opened from that button it takes focus, as a drawer does (in the page's order it comes
  // before the navbar, so Tab from the button would walk away from it).
  const self = useRef<HTMLElement>(null);
  const wasOpen = useRef(sidebar.opened);
  useEffect(() => {
    const opening = sidebar.opened && !wasOpen.current;
    wasOpen.current = sidebar.opened;
    if (!opening || device !== 'mobile' || !document.activeElement?.classList.contains('shell-hamburger')) return;
    const first = [...(self.current?.querySelectorAll<HTMLElement>('a[href], button') ?? [])].find((el) => el.getClientRects().length > 0);
    first?.focus();
  }, [sidebar.opened, device]);

  return (
    <>
      {mounted && device === 'mobile' && sidebar.opened && <div className="shell-mask" onClick={closeOverlay} aria-hidden="true" />}
      {/* Theme and logo visibility come from <html> attributes (set before paint), not from React.
          Site navigation, not an application menu: links in lists, submenus behind disclosure
          buttons (aria-expanded), the page shown marked aria-current; Tab walks what is shown. */}
      <nav
        ref={self}
        className="shell-sidebar"
        data-testid="shell-sidebar"
        {...{ [PREFETCH_LINKS_ATTR]: '' }}
        aria-label={t('sidebar.label')}
        inert={mounted && offScreen}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && device === 'mobile' && sidebar.opened) closeOverlay();
        }}
      >
        <a className="shell-logo" href={BASE_PATH} title={tc('appName')}>
          <Logo size={28} />
          <span className="shell-logo-title">{tc('appName')}</span>
        </a>
        <div className="shell-menu-scroll">
          {mounted && <MenuList nodes={entries} level={0} path={menuPathOf(current.path)} collapsed={collapsed} />}
        </div>
      </nav>
    </>
  );
}

function MenuList({ nodes, level, path, collapsed }: { nodes: MenuNode[]; level: number; path: string; collapsed: boolean }) {
  // One submenu open at a time: the one holding the current page, until the user opens another.
  const activeParent = nodes.find((n) => visibleChildren(n).length > 1 && contains(n, path))?.path ?? null;
  const [open, setOpen] = useState<string | null>(activeParent);
  // Followed while rendering, not in an effect: an effect would first draw the submenu closed and
  // then animate it open, pushing the entries below it down (a layout shift on every first load
  // whose menus arrive after the sidebar mounts).
  const [openFor, setOpenFor] = useState<string | null>(activeParent);
  if (openFor !== activeParent) {
    setOpenFor(activeParent);
    setOpen(activeParent);
  }
  // Collapsed to icons, a top-level submenu is a flyout: shown on hover, or opened from its button
  // (click, Enter, Space) until Esc, a second press, or focus or the pointer leaving it.
  const [flyout, setFlyout] = useState<string | null>(null);
  const flyouts = collapsed && level === 0;
  useEffect(() => {
    if (!flyouts) setFlyout(null);
  }, [flyouts]);
  return (
    <ul className={`shell-menu level-${level}`}>
      {nodes.map((raw) => {
        const n = sidebarEntry(raw);
        const kids = visibleChildren(n);
        if (kids.length > 1 || (n.container && kids.length > 0)) {
          const isOpen = open === n.path;
          const isFlyout = flyouts && flyout === n.path;
          const expanded = flyouts ? isFlyout : isOpen;
          return (
            <li
              key={n.path}
              className={`shell-submenu${isOpen ? ' is-open' : ''}${isFlyout ? ' is-flyout' : ''}${contains(n, path) ? ' is-active' : ''}`}
              onKeyDown={(e) => {
                if (!flyouts || e.key !== 'Escape' || !isFlyout) return;
                e.stopPropagation();
                setFlyout(null);
                e.currentTarget.querySelector<HTMLElement>('.shell-submenu-title')?.focus();
              }}
              onBlur={(e) => {
                if (isFlyout && !e.currentTarget.contains(e.relatedTarget as Node | null)) setFlyout(null);
              }}
              onMouseLeave={() => {
                if (isFlyout) setFlyout(null);
              }}
            >
              <button
                type="button"
                className="shell-menu-item shell-submenu-title"
                aria-expanded={expanded}
                aria-controls={submenuId(n.path)}
                title={tip(n.title) ?? (flyouts ? n.title : undefined)}
                onClick={() => (flyouts ? setFlyout(isFlyout ? null : n.path) : setOpen(isOpen ? null : n.path))}
                style={{ paddingLeft: flyouts ? undefined : 20 + level * 16 }}
              >
                {n.icon || level === 0 ? <i className={menuIconClass(n.icon)} aria-hidden="true" /> : null}
                <span className="shell-menu-title">{n.title}</span>
                <i className="pi pi-angle-down shell-submenu-arrow" aria-hidden="true" />
              </button>
              {/* A closed submenu is only squeezed to no height: inert keeps its links out of the Tab
                  order. A flyout is display:none until shown, which does that by itself (and inert
                  would refuse the pointer on hover). */}
              <div className="shell-submenu-body" id={submenuId(n.path)} inert={!flyouts && !isOpen}>
                {flyouts && <div className="shell-flyout-title" aria-hidden="true">{n.title}</div>}
                <MenuList nodes={kids} level={level + 1} path={path} collapsed={collapsed} />
              </div>
            </li>
          );
        }
        const active = n.path === path;
        return (
          <li key={n.path} className={active ? 'is-active' : undefined}>
            <a
              className={`shell-menu-item${active ? ' is-active' : ''}`}
              href={pageHref(BASE_PATH, n.path, n.query)}
              // The shell's own prefetch takes this link (shell/warm-nav.ts), not Astro's.
              data-astro-prefetch="false"
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

/** The id of a submenu's list, for its button's aria-controls (paths are unique in the menu). */
const submenuId = (path: string) => `shell-submenu${path.replace(/[^A-Za-z0-9_-]+/g, '-')}`;
