import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $tabs, closeAll, closeLeft, closeOthers, closeRight, closeTab, landingAfterClose, tabMenuItems, type Tab } from '../../stores/tabs.ts';
import { $current, $pages, $serverRoutes } from '../../stores/routes.ts';
import { go, hrefOf, refreshRoute } from '../../lib/routes/navigation.ts';
import { PREFETCH_LINKS_ATTR } from '../../lib/prefetch/target.ts';
import { confirmLeave } from '../../lib/routes/leave-guard.ts';
import { shownTitle } from '../../lib/routes/shown-title.ts';
import { revealWhenClipped } from '../../lib/dom/reveal-when-clipped.ts';
import { TAB_MENU_WIDTH_PX } from '../../../shared/constants.ts';
import { useI18nText, useT } from '../../lib/i18n/react.ts';
import shell from '../../lib/i18n/ns/shell.ts';
import { useMounted } from '../../lib/react/use-mounted.ts';
import { SHELL_SETTLE_MAX_MS, settlingAttribute, useSettled } from '../../lib/react/use-settled.ts';
import { TagsMenu } from './TagsMenu.tsx';


/**
 * The tab bar (spec §2): one tab per visited page, Home affixed; a 105 px right-click menu with
 * refresh and the close actions (TagsMenu, also from the keyboard); closing the active tab moves
 * to the last remaining one.
 */
export function TagsView() {
  const t = useT(shell);
  const mounted = useMounted();
  const tabs = useStore($tabs);
  const current = useStore($current);
  const pages = useStore($pages);
  // A tab is named by its menu once the menus have come (shownTitle): until then it would show its
  // page's own title, of another width, and the tabs after it would move at the change.
  const settled = useSettled(useStore($serverRoutes) !== null, SHELL_SETTLE_MAX_MS);
  const [menu, setMenu] = useState<{ x: number; y: number; tab: Tab } | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  // Worked out in the language of the moment (shownTitle). One string, so the bar re-renders only
  // when a title's text changes (a page's key gets its text).
  const titles = useI18nText(() => tabs.map((tab) => shownTitle(tab, pages) || tab.path).join('\u0000')).split('\u0000');

  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(null);
    document.addEventListener('click', close);
    document.addEventListener('scroll', close, true);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('scroll', close, true);
    };
  }, [menu]);

  // Keep the active tab in view.
  useEffect(() => revealWhenClipped(scroller.current?.querySelector('.is-active'), scroller.current), [current.path, tabs.length]);

  if (!mounted) return <div className="shell-tags" />;

  const apply = async (next: Tab[], selected: Tab) => {
    const activeGone = !next.some((x) => x.path === current.path);
    // Closing the page on screen: its unsaved work (an editor's) is asked about before the tab goes.
    if (activeGone && !(await confirmLeave())) return;
    $tabs.set(next);
    if (!activeGone) return;
    if (next.some((x) => x.path === selected.path) && selected.path !== current.path) return void go(selected.fullPath);
    const land = landingAfterClose(next, selected);
    void (land.redirect ? refreshRoute(land.to) : go(land.to));
  };

  const actions = {
    refresh: (tab: Tab) => void refreshRoute(tab.path === current.path ? current.fullPath : tab.fullPath),
    close: (tab: Tab) => void apply(closeTab(tabs, tab.path), tab),
    others: (tab: Tab) => void apply(closeOthers(tabs, tab.path), tab),
    left: (tab: Tab) => void apply(closeLeft(tabs, tab.path), tab),
    right: (tab: Tab) => void apply(closeRight(tabs, tab.path), tab),
    all: (tab: Tab) => void apply(closeAll(tabs), tab),
  };
  const labels = { refresh: t('tabs.refresh'), close: t('tabs.close'), others: t('tabs.closeOthers'), left: t('tabs.closeLeft'), right: t('tabs.closeRight'), all: t('tabs.closeAll') };
  const icons = { refresh: 'pi-refresh', close: 'pi-times', others: 'pi-times-circle', left: 'pi-arrow-left', right: 'pi-arrow-right', all: 'pi-ban' };

  return (
    <nav className="shell-tags" data-testid="shell-tags" aria-label={t('tabs.label')} {...{ [PREFETCH_LINKS_ATTR]: '' }}>
      <div className="shell-tags-scroll" ref={scroller} {...settlingAttribute(settled)}>
        {tabs.map((tab, i) => {
          const active = tab.path === current.path;
          return (
            <a
              key={tab.path}
              href={hrefOf(tab.fullPath)}
              // The shell's own prefetch takes this link (shell/warm-nav.ts), not Astro's.
              data-astro-prefetch="false"
              className={`shell-tag${active ? ' is-active' : ''}`}
              data-path={tab.path}
              aria-current={active ? 'page' : undefined}
              onContextMenu={(e) => {
                e.preventDefault();
                // From the keyboard (context-menu key, Shift+F10) the event may carry no position: under the tab.
                const box = e.currentTarget.getBoundingClientRect();
                const keyed = e.clientX === 0 && e.clientY === 0;
                const x = Math.min(keyed ? box.left : e.clientX, window.innerWidth - TAB_MENU_WIDTH_PX - 8);
                setMenu({ x, y: keyed ? box.bottom : e.clientY, tab });
              }}
              onAuxClick={(e) => {
                if (e.button === 1 && !tab.affix) {
                  e.preventDefault();
                  actions.close(tab);
                }
              }}
            >
              <span className="shell-tag-title">{titles[i]}</span>
              {/* For the pointer only, hidden from assistive technology: a control inside the link
                  would be one control nested in another. The keyboard closes a tab from its menu
                  (context-menu key or Shift+F10, TagsMenu), which also offers "Close". */}
              {!tab.affix && (
                <span
                  aria-hidden="true"
                  className="shell-tag-close"
                  title={t('tabs.close')}
                  onClick={(e) => {
                    e.preventDefault();
                    e.stopPropagation();
                    actions.close(tab);
                  }}
                >
                  <i className="pi pi-times" aria-hidden="true" />
                </span>
              )}
            </a>
          );
        })}
      </div>
      {menu && (
        <TagsMenu
          x={menu.x}
          y={menu.y}
          items={(Object.entries(tabMenuItems(tabs, menu.tab.path)) as [keyof typeof actions, boolean][]).filter(([, shown]) => shown).map(([key]) => ({ key, label: labels[key], icon: icons[key] }))}
          onPick={(key) => actions[key as keyof typeof actions](menu.tab)}
          onClose={() => setMenu(null)}
        />
      )}
    </nav>
  );
}
