import '../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { $device, $sidebar, $size, onRouteChange, updateDevice } from '../../stores/app.ts';
import { shownTitle } from '../../lib/routes/shown-title.ts';
import { $settings } from '../../stores/layout.ts';
import { $current, $menus, $pages, $sidebarMenus, $topPick, findPage } from '../../stores/routes.ts';
import { $tabs, visitTab } from '../../stores/tabs.ts';
import { routePath } from '../../lib/routes/navigation.ts';
import { getToken } from '../../lib/auth/token.ts';
import { builtLanguage, currentLanguage, hasOwnText, loadNamespaces, loadTextsOf, subscribeI18n, translate } from '../../lib/i18n/i18n.ts';
import { namespacesInDom, translateDom } from '../../lib/i18n/dom.ts';
import { pageTitle } from '../../lib/i18n/page-title.ts';
import { applyThemeColor, THEME_STYLE_ID } from '../../lib/theme/runtime.ts';
import { DEFAULT_THEME_COLOR } from '../../../shared/constants.ts';
import { SHELL_ATTRS } from './head-script.ts';
import { wireSkipLink } from './skip-link.ts';
import { focusMainAfterNavigation } from './focus-after-navigation.ts';
import { returnFocusFromOverlays } from './focus-return.ts';
import { startWarmNavigation } from './warm-nav.ts';

/**
 * The shell's glue, loaded once per browser tab by ConsoleLayout: keeps the <html> attributes in
 * step with the stores, carries them (and the language, the theme) across client-side page swaps,
 * and records each page shown (current page, tab, mobile sidebar rule).
 */

const html = document.documentElement;
const set = (name: string, value: string) => {
  if (html.getAttribute(name) !== value) html.setAttribute(name, value);
};

function syncAttributes() {
  const s = $settings.get();
  const sb = $sidebar.get();
  set(SHELL_ATTRS.device, $device.get());
  set(SHELL_ATTRS.sidebar, sb.opened ? 'open' : 'closed');
  set(SHELL_ATTRS.animate, sb.withoutAnimation ? 'off' : 'on');
  set(SHELL_ATTRS.size, $size.get());
  set(SHELL_ATTRS.sideTheme, s.sideTheme === 'theme-light' ? 'light' : 'dark');
  set(SHELL_ATTRS.topNav, s.topNav ? 'on' : 'off');
  set(SHELL_ATTRS.tags, s.tagsView ? 'on' : 'off');
  set(SHELL_ATTRS.fixedHeader, s.fixedHeader ? 'on' : 'off');
  set(SHELL_ATTRS.logo, s.sidebarLogo ? 'on' : 'off');
  set(SHELL_ATTRS.noSidebar, s.topNav && $serverRoutesReady() && $sidebarMenus.get().length === 0 ? 'on' : 'off');
}
const $serverRoutesReady = () => $menus.get().length > 0;

for (const store of [$settings, $sidebar, $device, $size, $sidebarMenus] as const) store.listen(syncAttributes);
syncAttributes();

// Theme colour: applied when it changes; on a page whose cached rules are missing, generated once.
let lastTheme = $settings.get().theme;
$settings.listen((s) => {
  if (s.theme !== lastTheme) {
    lastTheme = s.theme;
    applyThemeColor(s.theme);
  }
  // Turning top navigation off restores the sidebar with the default routes (spec §2).
  if (!s.topNav) $topPick.set(undefined);
  applyDocumentTitle();
});
if (lastTheme.toLowerCase() !== DEFAULT_THEME_COLOR.toLowerCase() && !document.getElementById(THEME_STYLE_ID)) {
  const run = () => applyThemeColor(lastTheme);
  if (document.readyState === 'complete') run();
  else addEventListener('load', run, { once: true });
}

// Device: mobile below 992 px of body width (spec §4).
let resizeTimer: ReturnType<typeof setTimeout> | undefined;
addEventListener('resize', () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => updateDevice(document.body.getBoundingClientRect().width), 100);
});
updateDevice(document.body?.getBoundingClientRect().width || innerWidth);

// Keyboard: the skip link into <main>, focus kept after a page swap, and back to the control that
// opened an overlay.
wireSkipLink();
focusMainAfterNavigation();
returnFocusFromOverlays();

// ---- pages

function applyDocumentTitle() {
  const current = $current.get();
  // dynamicTitle: the title follows the page's menu title (spec §3); otherwise the page's own.
  const title = shownTitle(current, $pages.get());
  if ($settings.get().dynamicTitle && title && document.title !== pageTitle(title)) document.title = pageTitle(title);
  // The screen's h1 (ConsoleLayout, visually hidden) says what its tab and breadcrumb say.
  const heading = document.querySelector('main h1[data-screen-title]');
  if (heading && title && heading.textContent !== title) heading.textContent = title;
}

// The key is kept even before its namespace is declared: the page's island declares it when its
// chunk loads, which may be after this runs (see the subscribeI18n retitle below).
const tabTitleKey = () => document.querySelector<HTMLTitleElement>('title[data-i18n-page-title]')?.dataset.i18nPageTitle || undefined;
const keyTitle = (key: string | undefined) => (key && hasOwnText(key) ? translate(key) : '');

const handled = new WeakSet<HTMLElement>();
/** Records the page just shown; the client-router page reports its own title once resolved. */
function onPage() {
  if (handled.has(document.body)) return;
  handled.add(document.body);
  const path = routePath(location.pathname);
  if (path === '/redirect' || path.startsWith('/redirect/')) return;
  const fullPath = path + location.search;
  const dynamic = document.getElementById('route-outlet') !== null;
  const page = findPage($pages.get(), path);
  const key = dynamic ? undefined : tabTitleKey();
  const title = page?.title || keyTitle(key);
  $topPick.set(undefined);
  // The key too for a menu's page: its tab keeps a title of its own should the menu go.
  $current.set({ path, fullPath, title, titleKey: key, link: page?.link });
  if (!dynamic) visitTab({ path, fullPath, title, titleKey: key });
  onRouteChange();
  applyDocumentTitle();
}

/**
 * The client-router page calls this when it knows what `path` shows. After a client-side swap its
 * script may run before the page-load event, i.e. while $current still names the previous page:
 * record this page first, so the title lands on its own tab. A report for a page already left
 * (its routes arrived late) is dropped.
 */
export function reportDynamicPage(path: string, title: string, link?: string, titleKey?: string) {
  onPage();
  const current = $current.get();
  if (current.path !== path) return;
  $current.set({ ...current, title, titleKey, link });
  visitTab({ path, fullPath: current.fullPath, title, titleKey, link });
  applyDocumentTitle();
}

// Menus arrive after the page: the current page takes its menu's link. Titles are worked out where
// they are drawn (shownTitle), from the menus, the keys and the language of the moment.
$pages.listen((pages) => {
  const current = $current.get();
  const page = findPage(pages, current.path);
  if (page && page.link !== current.link) $current.set({ ...current, link: page.link });
  applyDocumentTitle();
});

// The tabs' titles in this language: keys of other pages' namespaces are fetched (once per namespace).
$tabs.subscribe((tabs) => void loadTextsOf(tabs.map((t) => t.titleKey)).catch(() => undefined));
// A page's title namespace, or this language, may arrive after onPage.
subscribeI18n(() => {
  void loadTextsOf($tabs.get().map((t) => t.titleKey)).catch(() => undefined);
  applyDocumentTitle();
});

document.addEventListener('astro:page-load', onPage);
onPage();

// ---- client-side navigation

// Before the loader below wraps the router's: the page fetched ahead of a click (warm-nav.ts) is
// what it translates.
startWarmNavigation();

document.addEventListener('astro:before-preparation', (event) => {
  // Signed out meanwhile (another tab): a full load lets the head guard send us to sign-in.
  if (!getToken()) {
    event.preventDefault();
    return;
  }
  const load = event.loader;
  event.loader = async () => {
    await load();
    const doc = event.newDocument;
    const lng = currentLanguage();
    // A new page prerendered in another language (a host that sends zh-CN whatever the cookie):
    // translate its marked texts before it is shown; its islands hydrate in its own, then switch.
    if (doc && lng !== builtLanguage(doc)) {
      await loadNamespaces(lng, namespacesInDom(doc));
      translateDom(doc);
    }
  };
});

document.addEventListener('astro:before-swap', (event) => {
  const next = event.newDocument.documentElement;
  for (const name of html.getAttributeNames()) {
    if (name.startsWith('data-shell-') || name === 'lang') next.setAttribute(name, html.getAttribute(name)!);
  }
  // A <style> in <head> survives the swap only when the new head has its twin.
  const theme = document.getElementById(THEME_STYLE_ID);
  if (theme && !event.newDocument.getElementById(THEME_STYLE_ID)) event.newDocument.head.append(theme.cloneNode(true));
  // This page's markers of inlined stylesheets (src/lib/build/inlined-css.ts) go: the swap keeps an
  // old head link whose URL the new head links too, and a kept marker would stay disabled where
  // the new page needs that stylesheet applied.
  for (const marker of document.head.querySelectorAll('link[rel="stylesheet"][disabled]')) marker.remove();
});
