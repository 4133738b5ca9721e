/**
 * A list page's rows before its scripts (issue 34): the page's head script has asked for the
 * list's first page with the session's first data (lib/early-fetch.ts); when the answers arrive,
 * an inline script draws them into a copy of the screen the build rendered with React
 * (frame.tsx), long before React, PrimeReact and the screen's modules have arrived. The copy is
 * inert and sits beside the island; the screen hands over to its own rows once they match
 * (handover.ts). Nothing here runs React: `paintList` is plain string work on the build's
 * fragments, shipped as its own source text (prepaintScript), so it must not use anything from
 * outside its body.
 */

import type { FrameBase, PagerFrame, PaintHelpers } from '../../prepaint/kit.ts';

/**
 * Markers in the build's fragments (frame.tsx writes them, paintList replaces them). Without ':'
 * or '.': a value a column looks up among its options' labels goes through i18next, which would
 * read those as a namespace or a nested key.
 */
export const FIELD_MARK = (name: string, row = 0) => `\u27E6f${row}_${name}\u27E7`;
export const TOTAL_MARK = '\u27E6total\u27E7';
export const PAGER_MARK = '\u27E6pager\u27E7';
export const LABEL_MARK = '\u27E6label\u27E7';
export const CSS_MARK = '\u27E6css\u27E7';

/** What the build gives a list page's painter, as JSON in its script element's `data-frame`. */
export interface ListFrame extends FrameBase, PagerFrame {
  kind: 'list';
  /** urls: the list's first page, /getInfo, then each dictionary in `dicts`' order, as the head script asked for them */
  list: string;
  /** field → its dictionary's URL */
  dicts: Record<string, string>;
  /** what the screen's list draws with: painted only for a user holding all of them */
  perms: string[];
  allPerms: string;
  /** the screen up to its first row, the two row templates (even, odd), the rest (with PAGER_MARK) */
  head: string;
  rows: [string, string];
  tail: string;
  /** every column field, and its marker in each row template (rows have keys of their own) */
  fields: string[];
  marks: [Record<string, string>, Record<string, string>];
  /** date-time columns: drawn as the server wrote them (yyyy-MM-dd HH:mm:ss) or not at all */
  dates: string[];
  /** fixed options' labels by field and value */
  options: Record<string, Record<string, string>>;
  /** a dictionary tag by listClass ('' for primary): [with the value's cssClass, without] */
  tags: Record<string, [string, string]>;
}


/**
 * The screen's markup with the answers' rows, or null when it cannot be drawn as the screen will
 * draw it (a permission missing, a date in another format, no rows): the screen then draws itself.
 */
export function paintList(F: ListFrame, a: unknown[], width: number, H: PaintHelpers): string | null {
  var esc = H.esc;
  var body = H.data;
  var A = { list: a[0], info: a[1], dicts: {} as Record<string, unknown> };
  var keys = Object.keys(F.dicts);
  for (var n = 0; n < keys.length; n++) A.dicts[keys[n]!] = a[n + 2];
  var info = body(A.info) as { permissions?: unknown[] } | undefined;
  var page = body(A.list) as { rows?: Record<string, unknown>[]; total?: unknown } | undefined;
  if (!info || !page || !page.rows || !page.rows.length) return null;
  var held = (info.permissions || []).map(String);
  for (var i = 0; i < F.perms.length; i++) if (held.indexOf(F.allPerms) < 0 && held.indexOf(F.perms[i]!) < 0) return null;
  var dicts: Record<string, { dictValue?: unknown; dictLabel?: unknown; listClass?: unknown; cssClass?: unknown }[]> = {};
  for (var f in F.dicts) {
    var d = body(A.dicts[f]);
    if (!Array.isArray(d)) return null;
    dicts[f] = d;
  }
  var dictCell = function (field: string, value: unknown): string {
    var values = value === null || value === undefined || value === '' ? [] : String(value).split(',');
    var out = '';
    for (var k = 0; k < values.length; k++) {
      var v = values[k]!;
      var o = null;
      for (var j = 0; j < dicts[field]!.length; j++) if (String(dicts[field]![j]!.dictValue) === v) { o = dicts[field]![j]!; break; }
      if (!o) { out += '<span>' + esc(v) + '</span>'; continue; }
      var label = esc(o.dictLabel === undefined || o.dictLabel === null ? '' : o.dictLabel);
      var css = o.cssClass ? esc(o.cssClass) : '';
      var lc = o.listClass ? String(o.listClass) : '';
      if (!lc || lc === 'default') { out += (css ? '<span class="' + css + '">' : '<span>') + label + '</span>'; continue; }
      var tag = F.tags[lc === 'primary' ? '' : lc] || F.tags[''];
      if (!tag) return '';
      out += (css ? tag[0] : tag[1]).split('\u27E6label\u27E7').join(label).split('\u27E6css\u27E7').join(css);
    }
    return out;
  };
  var text = function (field: string, value: unknown): string | null {
    if (value === null || value === undefined) return '';
    if (F.dates.indexOf(field) >= 0 && value !== '' && !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(String(value))) return null;
    var opts = F.options[field];
    if (opts) return esc(Object.prototype.hasOwnProperty.call(opts, String(value)) ? opts[String(value)] : String(value));
    return esc(value);
  };
  var html = F.head;
  for (var r = 0; r < page.rows.length; r++) {
    var row = page.rows[r]!;
    var tr = F.rows[r % 2]!;
    for (var c = 0; c < F.fields.length; c++) {
      var name = F.fields[c]!;
      var mark = F.marks[r % 2]![name]!;
      if (F.dicts[name]) tr = tr.split('<span>' + mark + '</span>').join(dictCell(name, row[name]));
      var t = text(name, row[name]);
      if (t === null) return null;
      tr = tr.split(mark).join(t);
    }
    html += tr;
  }
  return html + F.tail.split('\u27E6pager\u27E7').join(H.pager(F, Number(page.total || 0), width, esc));
}
