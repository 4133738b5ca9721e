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
export interface ListFrame {
  /** the list's first page and the calls it draws with, as the head script asked for them */
  list: string;
  info: string;
  /** field → its dictionary's URL */
  dicts: Record<string, string>;
  /** the language the fragments are in: other languages wait for the screen */
  lang: string;
  /** what the screen's list draws with: painted only for a user holding all of them */
  perms: string[];
  allPerms: string;
  /** PrimeReact's common rules, which it injects only once a component mounts (prime-common-css.ts) */
  css: string;
  /** the screen up to its first row, the two row templates (even, odd), the rest (with PAGER_MARK) */
  head: string;
  rows: [string, string];
  tail: string;
  /** the pager with i + 1 page links (TOTAL_MARK for its total) */
  pagers: string[];
  /** page links shown below / from `breakpoint` pixels wide */
  links: [number, number];
  breakpoint: number;
  limit: number;
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

/** The answers the painter draws: the envelope bodies of the list, /getInfo and each dictionary (by field). */
export interface ListAnswers {
  list: unknown;
  info: unknown;
  dicts: Record<string, unknown>;
}

/**
 * The screen's markup with the answers' rows, or null when it cannot be drawn as the screen will
 * draw it (a permission missing, a date in another format, no rows): the screen then draws itself.
 */
export function paintList(F: ListFrame, A: ListAnswers, width: number): string | null {
  var esc = function (v: unknown): string {
    return String(v).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
  };
  var body = function (b: unknown): any {
    var o = b as { code?: number; data?: unknown } | null;
    return o && o.code === 200 ? o.data : undefined;
  };
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
  var total = Number(page.total || 0);
  var count = Math.ceil(total / F.limit);
  var links = Math.min(count, width < F.breakpoint ? F.links[0] : F.links[1]);
  var pager = total > 0 && links > 0 ? F.pagers[links - 1]!.split('\u27E6total\u27E7').join(esc(total)) : '';
  return html + F.tail.split('\u27E6pager\u27E7').join(pager);
}

/**
 * The inline script (one text for every page, so the Content-Security-Policy allows it by one
 * hash; its frame is in its element's `data-frame`): once the head script's answers are in, and
 * if the screen has not drawn itself yet, the painted copy goes into <main> beside the island,
 * which is hidden until the screen hands over.
 */
export function prepaintScript(): string {
  return `(function(){try{
var s=document.currentScript,F=JSON.parse(s.getAttribute('data-frame')),E=window.__castaneaEarly;
if(!E||Date.now()-E.at>15000||document.documentElement.lang!==F.lang)return;
var keys=Object.keys(F.dicts),urls=[F.list,F.info].concat(keys.map(function(k){return F.dicts[k]})),ps=urls.map(function(u){return E.calls[u]});
for(var i=0;i<ps.length;i++)if(!ps[i])return;
var paint=(${paintList.toString()});
Promise.all(ps).then(function(a){
var main=document.getElementById('main'),island=s.previousElementSibling;
if(!main||!island||island.tagName!=='ASTRO-ISLAND'||island.querySelector('.resource-screen:not([aria-busy])'))return;
var d={};keys.forEach(function(k,j){d[k]=a[j+2]});
var html=paint(F,{list:a[0],info:a[1],dicts:d},document.documentElement.clientWidth);if(!html)return;
var p=document.createElement('div');p.className='prepaint';p.setAttribute('data-prepaint',F.lang);p.inert=true;p.innerHTML=html;var st=document.createElement('style');st.textContent=F.css;p.prepend(st);
island.style.display='none';island.after(p);
},function(){});
}catch(e){}})();`;
}
