/**
 * The Contents page's catalog tree and first page of contents before its scripts (issue 34): the
 * head script has asked for the tree, the whole site's first page, the dictionaries and the
 * preferences with the page (first-gets.ts); when they arrive the page's inline script
 * (islands/prepaint/script.ts) draws them into the build's fragments of the screen (frame.tsx) and
 * shows that copy until the island draws the same (ContentList's handover). `paintContent` is
 * shipped as its own source text: nothing from outside its body but its helpers (`H`).
 */
import type { FrameBase, PagerFrame, PaintHelpers } from '../../../prepaint/kit.ts';

/** A top-level catalog's fragment: with children or not, a link catalog or not, open to the user or not. */
export type NodeKind = 'leaf' | 'branch' | 'leaf-link' | 'branch-link' | 'leaf-off' | 'branch-off' | 'leaf-link-off' | 'branch-link-off';

export interface ContentFrame extends FrameBase, PagerFrame {
  kind: 'content';
  /** urls: the tree, the first page, the status and attribute dictionaries, the preferences, /getInfo */
  /** painted only for a user holding all of these (or allPerms): the toolbar's and rows' buttons */
  perms: string[];
  allPerms: string;
  /** the start of the tree memory's keys (sessionStorage): a catalog chosen or a branch open there is drawn by the island */
  memory: string;
  root: number;
  /** the preferences the rows are drawn with: painted only for a user who has these */
  prefs: Record<string, unknown>;
  /** the screen with ⟦tree⟧ (the top-level catalogs) ⟦site⟧ ⟦size⟧ (their count) ⟦rows⟧ ⟦pager⟧ */
  page: string;
  /** the icons the page, toggler and pagers name by ⟦svgN⟧ (render.tsx svgTable) */
  svgs: Record<string, string>;
  /** a top-level catalog with ⟦id⟧ ⟦label⟧ ⟦pos⟧ ⟦size⟧ ⟦tab⟧ ⟦toggler⟧ ⟦hidden⟧, and those two pieces */
  nodes: Record<NodeKind, string>;
  toggler: string;
  hidden: string;
  /** a row (even, odd) with ⟦id⟧ ⟦type⟧ ⟦title⟧ ⟦extras⟧ ⟦catalog⟧ ⟦status⟧ ⟦marks⟧ ⟦author⟧ ⟦date⟧ ⟦views⟧ ⟦actions⟧ */
  rows: [string, string];
  /** a row's actions (with ⟦id⟧): publish offered, take offline offered, both */
  actions: { publish: string; offline: string; both: string };
  /** the type's icon by type */
  types: Record<string, string>;
  /** the status tag with ⟦label⟧ by severity ('null' for none) */
  statusTags: Record<string, string>;
  /** a dictionary's listClass → severity; a status → its severity when the dictionary sets none */
  listClass: Record<string, string>;
  severity: Record<string, string>;
  /** the archived status and its label when the dictionary has none */
  archived: [string, string];
  published: string;
  /** the statuses a content can be taken offline from */
  live: string[];
  /** a mark's tag by mark, in the order drawn */
  marks: Record<string, string>;
  /** the top mark of a content on top until ⟦time⟧ */
  topUntil: string;
  /** after a title, in this order: a mapped copy's mark, a contribution's (⟦id⟧ ⟦contributor⟧), the lock (⟦user⟧) */
  titleMarks: { mapping: string; contribution: string; lock: string };
  /** the catalog column of a catalog not in the tree */
  deleted: string;
  /** a mapped copy's copyType */
  mapping: number;
}

/** The tree and rows as the island will draw them at `width`, or null when unsure (then the island draws itself). */
export function paintContent(F: ContentFrame, a: unknown[], width: number, H: PaintHelpers): string | null {
  var esc = H.esc;
  var DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
  var str = function (v: unknown) { return v === null || v === undefined ? '' : String(v); };
  // The build's icons back into its fragments, before any of the answers' text is.
  var icons = function (s: string) { return H.fill(s, F.svgs); };
  var tree = H.data(a[0]) as { rows?: any[]; siteName?: unknown } | undefined;
  var page = H.data(a[1]) as { rows?: any[]; total?: unknown; totalCapped?: unknown } | undefined;
  var dict = H.data(a[2]) as { dictValue?: unknown; dictLabel?: unknown; listClass?: unknown }[] | undefined;
  var info = H.data(a[5]) as { permissions?: unknown[] } | undefined;
  if (!tree || !Array.isArray(tree.rows) || !tree.rows.length || !page || !Array.isArray(page.rows) || !page.rows.length || page.totalCapped === true || !Array.isArray(dict) || !info) return null;
  var held = (info.permissions || []).map(String);
  for (var i = 0; i < F.perms.length; i++) if (held.indexOf(F.allPerms) < 0 && held.indexOf(F.perms[i]!) < 0) return null;
  // Preferences the island would draw otherwise by (it reads them as the defaults overridden).
  var prefs = (H.data(a[4]) || {}) as Record<string, unknown>;
  for (var k in F.prefs) if ((prefs[k] === undefined ? F.prefs[k] : prefs[k]) !== F.prefs[k]) return null;
  // A catalog chosen or a branch opened before, in this tab: the island draws that.
  try {
    for (var m = 0; m < sessionStorage.length; m++) {
      var key = sessionStorage.key(m) || '';
      if (key.indexOf(F.memory) !== 0) continue;
      var kept = JSON.parse(sessionStorage.getItem(key) || '{}') || {};
      if (typeof kept.selected === 'number' && kept.selected !== F.root) return null;
      for (var open in kept.expanded || {}) if (kept.expanded[open]) return null;
    }
  } catch (e) {
    if (typeof sessionStorage !== 'undefined') return null;
  }
  // The tree: the site, chosen and open, over its top-level catalogs.
  var names: Record<string, string> = {};
  var walk = function (ns: any[]) {
    for (var j = 0; j < ns.length; j++) {
      names[String(ns[j].id)] = str(ns[j].label);
      if (Array.isArray(ns[j].children)) walk(ns[j].children);
    }
  };
  walk(tree.rows);
  var nodes = '', toggler = icons(F.toggler);
  for (var n = 0; n < tree.rows.length; n++) {
    var c = tree.rows[n] || {};
    var p = c.props || {};
    var size = Array.isArray(c.children) ? c.children.length : 0;
    var kind = (size ? 'branch' : 'leaf') + (p.catalogType === 'link' ? '-link' : '') + (c.disabled ? '-off' : '');
    nodes += H.fill((F.nodes as Record<string, string>)[kind]!, { id: esc(c.id), label: esc(str(c.label)), pos: String(n + 1), size: String(size), tab: n === 0 ? '0' : '-1', toggler: toggler, hidden: p.visibleFlag === 'N' ? F.hidden : '' });
  }
  // The rows, as ContentTable draws them for the whole site.
  var body = '';
  for (var r = 0; r < page.rows.length; r++) {
    var row = page.rows[r] || {};
    var status = str(row.status);
    var type = F.types[str(row.contentType)];
    var date = str(row.publishDate);
    var until = row.topFlag > 0 && row.topDate ? str(row.topDate) : '';
    // What the painter does not draw: a type it has no icon for, a date in another format (the island formats those).
    if (!type || (date && !DATE.test(date)) || (until && !DATE.test(until))) return null;
    var option = null;
    for (var d = 0; d < dict.length; d++) if (str(dict[d]!.dictValue) === status) { option = dict[d]!; break; }
    var label = option ? str(option.dictLabel) : status === F.archived[0] ? F.archived[1] : status;
    var lc = option && option.listClass ? String(option.listClass) : '';
    var severity = lc && lc !== 'default' ? (Object.prototype.hasOwnProperty.call(F.listClass, lc) ? F.listClass[lc]! : 'null') : (Object.prototype.hasOwnProperty.call(F.severity, status) ? F.severity[status]! : 'null');
    var marks = '';
    for (var mark in F.marks) {
      if (mark === 'top' ? row.topFlag > 0 : Array.isArray(row.attributes) && row.attributes.indexOf(mark) >= 0) marks += mark === 'top' && until ? H.fill(F.topUntil, { time: esc(until) }) : F.marks[mark];
    }
    var publish = status !== F.published, offline = F.live.indexOf(status) >= 0;
    var id = esc(row.contentId);
    var extras = (row.copyType === F.mapping ? F.titleMarks.mapping : '') +
      (row.contributorId ? H.fill(F.titleMarks.contribution, { id: id, contributor: esc(row.contributorId) }) : '') +
      (row.isLock === 'Y' ? H.fill(F.titleMarks.lock, { user: esc(str(row.lockUser)) }) : '');
    body += H.fill(F.rows[r % 2]!, {
      id: id,
      type: type,
      title: esc(str(row.title)),
      extras: extras,
      catalog: esc(Object.prototype.hasOwnProperty.call(names, String(row.catalogId)) ? names[String(row.catalogId)] : F.deleted),
      status: H.fill(F.statusTags[severity]!, { label: esc(label) }),
      marks: marks,
      author: esc(str(row.author)),
      date: esc(date),
      views: esc(str(row.viewCount)),
      actions: H.fill(publish && offline ? F.actions.both : publish ? F.actions.publish : F.actions.offline, { id: id }),
    });
  }
  var pager = H.pager({ pagers: F.pagers.map(icons), links: F.links, breakpoint: F.breakpoint, limit: F.limit }, Number(page.total || 0), width, esc);
  return H.fill(icons(F.page), { site: esc(str(tree.siteName)), size: String(tree.rows.length), tree: nodes, rows: body, pager: pager });
}
