/**
 * Home's welcome and figures before its scripts (issue 34): the head script has asked for
 * /getInfo, /getRouters, the current site's /cms/content/stat and the statuses' dictionary with
 * the page (lib/early-fetch.ts, index.astro's firstGets); when they arrive the page's inline
 * script (islands/prepaint/script.ts) draws them into the build's fragments of Home (frame.tsx)
 * and shows that copy until the island draws the same (SiteDashboardView's handover). `paintHome`
 * is shipped as its own source text: nothing from outside its body but its helpers (`H`).
 */
import type { FrameBase, PaintHelpers } from '../../prepaint/kit.ts';
import type { DashboardScreen } from '../SiteDashboardView.tsx';

export interface HomeFrame extends FrameBase {
  kind: 'home';
  /** urls: /getInfo, /getRouters, the stat, the statuses' dictionary */
  /** painted only for a user holding one of these (or allPerms): who gets a dashboard */
  perms: string[];
  allPerms: string;
  /** morning, afternoon, evening */
  greetings: [string, string, string];
  /** Home with ⟦avatar⟧ ⟦greeting⟧ ⟦name⟧ ⟦thisTime⟧ ⟦thisIp⟧ ⟦prevTime⟧ ⟦prevIp⟧ ⟦dashboard⟧; the second for a first sign-in */
  page: [string, string];
  /** the dashboard with ⟦site⟧ (in its title) ⟦cards⟧ ⟦byStatus⟧ ⟦byType⟧ ⟦views⟧ ⟦activity⟧ */
  dashboard: string;
  /** the cards in order: key, the screen it opens (if any), [linked, plain] with ⟦value⟧ (⟦size⟧ ⟦waiting⟧ ⟦running⟧) */
  cards: { key: string; screen?: DashboardScreen; html: [string, string] }[];
  /** the lists: with ⟦items⟧, their item with ⟦name⟧ ⟦share⟧ ⟦count⟧; the statuses' when there are none */
  byStatus: [string, string];
  byType: string;
  bar: string;
  typeLabels: Record<string, string>;
  types: string[];
  statusOrder: string[];
  published: string;
  /** the archived status and its label when the dictionary has none */
  archived: [string, string];
  /** the sparkline, [with a peak, without] × [linked, plain]: ⟦points⟧ ⟦total⟧ ⟦today⟧ ⟦max⟧ ⟦from⟧ ⟦day⟧ */
  views: [[string, string], [string, string]];
  spark: { width: number; height: number; pad: number };
  /** the latest changes with ⟦items⟧, and with none; an item: ⟦id⟧ ⟦title⟧ ⟦status⟧ ⟦by⟧ ⟦date⟧ ⟦clock⟧ */
  activity: [string, string];
  activityItem: string;
  /** the figures' screens' paths, which of them the console prebuilt, the menu components it draws, containers */
  screens: Record<string, string>;
  prebuilt: string[];
  components: string[];
  containers: string[];
}

/** The welcome and dashboard as the island will draw them at `hour`, or null when unsure (then the island draws itself). */
export function paintHome(F: HomeFrame, a: unknown[], hour: number, H: PaintHelpers): string | null {
  var esc = H.esc;
  var info = H.data(a[0]) as { user?: Record<string, unknown>; permissions?: unknown[]; isPasswordExpired?: unknown } | undefined;
  var routes = H.data(a[1]) as unknown[] | undefined;
  var stat = H.data(a[2]) as any;
  var dict = H.data(a[3]) as { dictValue?: unknown; dictLabel?: unknown }[] | undefined;
  if (!info || !info.user || !Array.isArray(routes) || !stat || typeof stat !== 'object' || !Array.isArray(dict)) return null;
  var held = (info.permissions || []).map(String);
  var permitted = held.indexOf(F.allPerms) >= 0;
  for (var i = 0; i < F.perms.length; i++) if (held.indexOf(F.perms[i]!) >= 0) permitted = true;
  var u = info.user;
  var yes = function (v: unknown) { return v === true || v === 'Y' || v === 'y' || v === 'true'; };
  // A password to change: the shell asks for it over Home.
  if (!permitted || yes(u.forceModifyPassword) || yes(u.isPasswordExpired ?? info.isPasswordExpired)) return null;
  var str = function (v: unknown) { return v === null || v === undefined ? '' : String(v); };
  var name = str(u.nickName) || str(u.userName);
  var time = function (v: string): string | null {
    if (!v) return '—';
    return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(v) ? esc(v) : null;
  };
  // The menus as the island's: pages at their joined paths, those the console draws.
  var pages: Record<string, boolean> = {};
  var walk = function (rs: any[], parent: string) {
    for (var k = 0; k < rs.length; k++) {
      var r = rs[k] || {};
      var path = H.join(parent, String(r.path || ''));
      if (r.children && r.children.length) { walk(r.children, path); continue; }
      if (r.component && F.containers.indexOf(r.component) >= 0) continue;
      var external = /^https?:\/\//i.test(String(r.path || '')) || (r.component === 'InnerLink' && r.meta && /^https?:\/\//i.test(String(r.meta.link || '')));
      if (external || F.prebuilt.indexOf(path) >= 0 || F.components.indexOf(r.component) >= 0) pages[path] = true;
    }
  };
  walk(routes, '');
  // No page at all: the island tells the user why instead.
  if (!Object.keys(pages).length) return null;
  var statusLabel = function (s: string) {
    for (var k = 0; k < dict!.length; k++) if (String(dict![k]!.dictValue ?? '') === s) return String(dict![k]!.dictLabel ?? '');
    return s === F.archived[0] ? F.archived[1]! : s;
  };
  var num = function (v: unknown) { return typeof v === 'number' && isFinite(v); };
  if (!stat.byStatus || !stat.byType || !stat.publishQueue || !stat.views || !Array.isArray(stat.views.days)) return null;
  var d = H.totals(stat, F.statusOrder, F.types, F.published);
  var values: Record<string, unknown> = { contents: d.total, published: d.published, catalogs: stat.catalogs, resources: stat.resources, pendingReviews: stat.pendingReviews, comments: stat.unreviewedComments, mailbox: stat.unreviewedMailbox, queue: stat.publishQueue.waiting + stat.publishQueue.running };
  var cards = '';
  for (var c = 0; c < F.cards.length; c++) {
    var card = F.cards[c]!;
    var v = values[card.key];
    if (v === null && card.key !== 'contents' && card.key !== 'published' && card.key !== 'catalogs' && card.key !== 'queue') continue;
    if (!num(v)) return null;
    var linked = card.screen && pages[F.screens[card.screen]!];
    cards += H.fill(card.html[linked ? 0 : 1]!, { value: esc(v), size: esc(H.bytes(stat.resourceBytes)), waiting: esc(stat.publishQueue.waiting), running: esc(stat.publishQueue.running) });
  }
  var bars = function (items: { name: string; share: number; count: number }[]) {
    var out = '';
    for (var k = 0; k < items.length; k++) out += H.fill(F.bar, { name: esc(items[k]!.name), share: esc(items[k]!.share), count: esc(items[k]!.count) });
    return out;
  };
  var byStatus = d.statuses.length ? H.fill(F.byStatus[0], { items: bars(d.statuses.map(function (s) { return { name: statusLabel(s.status), share: s.share, count: s.count }; })) }) : F.byStatus[1];
  var byType = H.fill(F.byType, { items: bars(d.types.map(function (x) { return { name: F.typeLabels[x.type] ?? '', share: x.share, count: x.count }; })) });
  var s = H.spark(stat.views, F.spark);
  var views = H.fill(F.views[s.peakDay ? 0 : 1][pages[F.screens.statistics!] ? 0 : 1], { points: esc(s.points), total: esc(s.total), today: esc(s.today), max: esc(s.max), from: esc(stat.views.from), day: esc(s.peakDay) });
  var activity = '';
  if (Array.isArray(stat.activity)) {
    var items = '';
    for (var k = 0; k < stat.activity.length; k++) {
      var e = stat.activity[k] || {};
      var at = String(e.time), space = at.indexOf(' ');
      if (space < 0) return null;
      items += H.fill(F.activityItem, { id: esc(e.contentId), title: esc(e.title), status: esc(statusLabel(String(e.status))), by: esc(e.by), date: esc(at.slice(0, space)), clock: esc(at.slice(space + 1)) });
    }
    activity = items ? H.fill(F.activity[0], { items: items }) : F.activity[1];
  }
  var dashboard = H.fill(F.dashboard, { site: esc(stat.siteName), cards: cards, byStatus: byStatus, byType: byType, views: views, activity: activity });
  var thisTime = time(str(u.loginDate)), prevTime = time(str(u.prevLoginDate));
  if (thisTime === null || prevTime === null) return null;
  var first = !str(u.prevLoginDate) && !str(u.prevLoginIp);
  return H.fill(F.page[first ? 1 : 0], {
    avatar: esc(name.slice(0, 1).toUpperCase()),
    greeting: esc(F.greetings[hour < 12 ? 0 : hour < 18 ? 1 : 2]),
    name: esc(name),
    thisTime: thisTime,
    thisIp: esc(str(u.loginIp) || '—'),
    prevTime: prevTime,
    prevIp: esc(str(u.prevLoginIp) || '—'),
    dashboard: dashboard,
  });
}
