import { Tag } from 'primereact/tag';
import type { ResourceDef } from '../../../../shared/resources/define.ts';
import { ALL_PERMISSIONS } from '../../../../shared/constants.ts';
import { askedPermissions, pagerFrame, renderFragment as html } from '../../prepaint/render.tsx';
import { TAG_SEVERITY } from '../../../components/widgets/DictTag.tsx';
import { columnFields, type Row } from '../../../lib/resources/client.ts';
import { builtLanguage, translate } from '../../../lib/i18n/i18n.ts';
import { dictUrl } from '../../../stores/dicts.ts';
import { ResourceScreen } from '../ResourceScreen.tsx';
import { DrawnPermissions } from '../../../stores/permission-gate.ts';
import { initialPage } from '../use-resource-list.ts';
import type { ScreenSpec } from '../types.ts';
import { CSS_MARK, FIELD_MARK, LABEL_MARK, PAGER_MARK, type ListFrame } from './paint.ts';

/**
 * Extensions that draw in the list from more than its rows and permissions, or change its first
 * page: such a screen draws itself (for now). A toolbar's and rows' own buttons are drawn, as the
 * screen's are, for a user holding the keys they ask for.
 */
const DRAWING_EXTENSIONS = ['header', 'aside', 'tree', 'columns', 'fixedFilters'] as const;

const TBODY = '<tbody class="p-datatable-tbody">';
const GRID_END = '</tbody></table></div></div>';

/** Why a screen is not pre-painted, or null when it can be (frame.test.ts names each case). */
export function unpaintable({ def, extensions = {} }: ScreenSpec): string | null {
  const drawn = DRAWING_EXTENSIONS.find((k) => extensions[k] !== undefined);
  if (drawn) return `extension ${drawn}`;
  for (const [name, f] of columnFields(def)) {
    if (f.kind === 'image' || f.kind === 'password' || f.kind === 'json') return `${name}: kind ${f.kind}`;
    if (typeof f.column === 'object' && f.column.link) return `${name}: link`;
    if (f.unit === 'seconds') return `${name}: seconds`;
  }
  return null;
}

/**
 * The fragments a list page's painter draws from (paint.ts), rendered by the screen's own
 * components in the page's first language: the screen as a user holding every permission it
 * draws with sees it, with two sample rows whose values are markers, and the pager for one to
 * seven page links. Null when the screen cannot be drawn this way (unpaintable) or `list` is not
 * the first page it asks for.
 */
export function listFrame(spec: ScreenSpec, view: ResourceDef, list: string | undefined): ListFrame | null {
  if (!list || unpaintable(spec)) return null;
  const columns = columnFields(view);
  // A date-time cell shows its value only when it is in the server's format: its marker is a date.
  const marksOf = (row: number) => Object.fromEntries(columns.map(([name, f], i) => [name, f.kind === 'datetime' ? `100${row}-01-01 00:00:${String(i).padStart(2, '0')}` : FIELD_MARK(name, row)]));
  const marks: [Record<string, string>, Record<string, string>] = [marksOf(0), marksOf(1)];
  const asked = new Set<string>();
  const screen = html(
    <DrawnPermissions.Provider value={askedPermissions(asked)}>
      <ResourceScreen def={view} extensions={spec.extensions} prebuilt={{ rows: [{ ...marks[0] }, { ...marks[1] }] }} />
    </DrawnPermissions.Provider>,
  );
  const start = screen.indexOf(TBODY);
  const end = screen.indexOf(GRID_END);
  if (start < 0 || end < 0) return null;
  const body = screen.slice(start + TBODY.length, screen.indexOf('</tbody>', start));
  const first = body.indexOf('</tr>') + '</tr>'.length;
  const rows: [string, string] = [body.slice(0, first), body.slice(first)];
  const { limit } = initialPage(view, false);
  const tag = (severity: string) => [
    html(<Tag value={LABEL_MARK} severity={TAG_SEVERITY[severity] ?? null} className={CSS_MARK} />),
    html(<Tag value={LABEL_MARK} severity={TAG_SEVERITY[severity] ?? null} />),
  ] as [string, string];
  const dicts: Record<string, string> = Object.fromEntries(columns.flatMap(([name, f]) => (f.dict ? [[name, dictUrl(f.dict)]] : [])));
  return {
    kind: 'list',
    urls: [list, '/getInfo', ...Object.values(dicts)],
    drawn: '.resource-screen:not([aria-busy])',
    list,
    dicts,
    lang: builtLanguage(),
    perms: [...new Set([...Object.values(view.perms).filter((p): p is string => !!p), ...asked])],
    allPerms: ALL_PERMISSIONS,
    head: screen.slice(0, start + TBODY.length),
    rows,
    tail: `${GRID_END}${PAGER_MARK}${screen.slice(end + GRID_END.length)}`,
    ...pagerFrame(limit),
    fields: columns.map(([name]) => name),
    marks,
    dates: columns.filter(([, f]) => f.kind === 'datetime').map(([name]) => name),
    options: Object.fromEntries(columns.flatMap(([name, f]) => (f.options ? [[name, Object.fromEntries(f.options.map((o) => [o.value, translate(o.label, undefined, builtLanguage())]))]] : []))),
    tags: Object.fromEntries(['', 'success', 'info', 'warning', 'danger'].map((s) => [s, tag(s)])),
  };
}
