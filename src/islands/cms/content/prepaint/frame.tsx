import { ALL_PERMISSIONS } from '../../../../../shared/constants.ts';
import { builtLanguage } from '../../../../lib/i18n/i18n.ts';
import { DEFAULT_PREFERENCES } from '../../../../../shared/preferences.ts';
import { CONTENT_TYPES, COPY_TYPES, ContentStatus } from '../../../../../shared/cms/content.ts';
import { DrawnPermissions } from '../../../../stores/permission-gate.ts';
import contentNs from '../../../../lib/i18n/ns/contentList.ts';
import { LIVE, MARKS, STATUS_SEVERITY, type ContentRow } from '../../../../lib/cms/content-list.ts';
import { ROOT_ID, type CatalogNode } from '../../../../lib/cms/catalog-tree.ts';
import type { CatalogTreeReply } from '../../../../components/cms/catalog-api.ts';
import { MARK } from '../../../prepaint/kit.ts';
import { askedPermissions, cutItems, pagerFrame, svgTable, renderFragment as html } from '../../../prepaint/render.tsx';
import { primeComponentCss } from '../../../../lib/theme/prime-css.ts';
import { Pagination } from '../../../../components/widgets/Pagination.tsx';
import ContentIsland from '../ContentIsland.tsx';
import { MarksCell, TitleMarks } from '../ContentTable.tsx';
import { LIST_CLASS, StatusTag, StatusTagView, TypeIcon } from '../StatusTag.tsx';
import { CONTENT_FIRST_GETS } from '../first-gets.ts';
import type { ContentFrame, NodeKind } from './paint.ts';

/** The memory a catalog tree keeps per screen and site (components/cms/catalog-memory.ts): its keys' start. */
const MEMORY_PREFIX = 'castanea.catalogTree.content.';

/** The preferences the first page is drawn with; a user with others gets a list of their own (painted only for these). */
const DRAWN_PREFERENCES = ['pageSize', 'includeChildContent', 'contentEditorOpenMode', 'showContentSubTitle'] as const;

/** Every kind of top-level catalog a node fragment is drawn for. */
const NODE_KINDS: NodeKind[] = ['leaf', 'branch', 'leaf-link', 'branch-link', 'leaf-off', 'branch-off', 'leaf-link-off', 'branch-link-off'];

const node = (id: number, kind: NodeKind, children?: CatalogNode[]): CatalogNode => ({
  id,
  parentId: ROOT_ID,
  label: MARK('label'),
  disabled: kind.endsWith('-off'),
  // Hidden from navigation: its mark is cut out as a fragment of its own.
  props: { alias: 'a', path: 'p', catalogType: kind.includes('link') ? 'link' : 'normal', visibleFlag: 'N', staticFlag: 'Y', treeLevel: 1, childCount: children?.length ?? 0 },
  ...(children ? { children } : {}),
});

/** Sample rows: ids standing for ⟦id⟧; their statuses give the three sets of row actions (publish, take offline, both). */
const ROW_STATUSES = [ContentStatus.DRAFT, ContentStatus.PUBLISHED, ContentStatus.EDITING];
const rowId = (i: number) => 9_000_001 + i;
const SAMPLE_DATE = '1000-01-01 00:00:01';
/** Not in the sample tree: its rows name the catalog as deleted, which ⟦catalog⟧ replaces. */
const NO_CATALOG = 77;
const row = (i: number): ContentRow => ({
  contentId: rowId(i), catalogId: NO_CATALOG, contentType: 'article', title: MARK('title'), status: ROW_STATUSES[i]!, attributes: [], topFlag: 0,
  isLock: 'N', author: MARK('author'), publishDate: SAMPLE_DATE, viewCount: MARK('views') as unknown as number, copyType: COPY_TYPES.copy, contributorId: null,
});

const TBODY = '<tbody class="p-datatable-tbody">';
const SUBGROUP = '<ul class="p-treenode-children" role="group" data-pc-section="subgroup">';
const ACTIONS = '<div class="resource-row-actions">';
/** One piece of `s`, which must be there (the build fails when a component's markup changed under the frame). */
const cut = (s: string, piece: string, by: string) => {
  if (!s.includes(piece)) throw new Error(`contentFrame: ${piece.slice(0, 60)} not found`);
  return s.split(piece).join(by);
};

/**
 * The fragments the Contents page's painter draws from (paint.ts), rendered by the screen's own
 * components in the build's language, as a user holding every key they ask about sees the whole
 * site chosen: the page with ⟦tree⟧ ⟦site⟧ ⟦size⟧ ⟦rows⟧ ⟦pager⟧, a top-level catalog of each
 * kind, the rows (even, odd) with their cells' pieces.
 */
export function contentFrame(): ContentFrame {
  const t = contentNs.fixed(builtLanguage());
  const asked = new Set<string>();
  const nodes = NODE_KINDS.map((k, i) => node(9101 + i, k, k.startsWith('branch') ? [node(9201 + i, 'leaf')] : undefined));
  const tree: CatalogTreeReply = { siteName: MARK('site'), rows: nodes };
  const rows = ROW_STATUSES.map((_, i) => row(i));
  const limit = DEFAULT_PREFERENCES.pageSize;
  const list = { rows, total: rows.length, totalCapped: false };
  let page = html(<DrawnPermissions.Provider value={askedPermissions(asked)}><ContentIsland prebuilt={{ tree, list }} /></DrawnPermissions.Provider>);
  // The tree: the top-level catalogs, each cut into its kind's fragment.
  const [withTree, items] = cutItems(page, SUBGROUP, '</ul></li></ul>');
  const hidden = items.slice(items.indexOf('<i class="pi pi-eye-slash'), items.indexOf('</span></div></li>'));
  const toggler = items.slice(items.indexOf('<button type="button" class="p-tree-toggler'), items.indexOf('</button>') + '</button>'.length);
  const drawnNodes = items.split('</li>').slice(0, -1).map((li, i) => {
    const id = String(nodes[i]!.id);
    let s = cut(cut(cut(li, toggler, MARK('toggler')), hidden, MARK('hidden')), `data-catalog-id="${id}"`, `data-catalog-id="${MARK('id')}"`);
    // The li's own attributes come first: its place among its siblings and its Tab stop.
    s = s.replace(/aria-setsize="\d+"/, `aria-setsize="${MARK('size')}"`).replace(/aria-posinset="\d+"/, `aria-posinset="${MARK('pos')}"`).replace(/tabindex="-?\d"/, `tabindex="${MARK('tab')}"`);
    return `${s}</li>`;
  });
  if (drawnNodes.length !== NODE_KINDS.length) throw new Error('contentFrame: the sample tree was not drawn node by node');
  page = cut(cut(withTree, '\u27E6items\u27E7', MARK('tree')), `aria-setsize="${nodes.length}"`, `aria-setsize="${MARK('size')}"`);
  // The rows, with their type, status, marks, catalog, date and actions as markers.
  const [withRows, body] = cutItems(page, TBODY, '</tbody>');
  const actions: string[] = [];
  const drawnRows = body.split('</tr>').slice(0, -1).map((tr, i) => {
    let s = cut(tr, String(rowId(i)), MARK('id'));
    s = cut(s, html(<TypeIcon type="article" />), MARK('type'));
    s = cut(s, html(<StatusTag value={ROW_STATUSES[i]!} />), MARK('status'));
    s = cut(s, '<span class="content-marks"></span>', `<span class="content-marks">${MARK('marks')}</span>`);
    s = cut(s, `>${t('deletedCatalog')}<`, `>${MARK('catalog')}<`);
    s = cut(s, SAMPLE_DATE, MARK('date'));
    s = cut(s, `>${MARK('title')}</a>`, `>${MARK('title')}</a>${MARK('extras')}`);
    const start = s.indexOf(ACTIONS) + ACTIONS.length;
    const end = s.lastIndexOf('</div></td>');
    actions.push(s.slice(start, end));
    return `${s.slice(0, start)}${MARK('actions')}${s.slice(end)}</tr>`;
  });
  if (drawnRows[2] !== drawnRows[0]) throw new Error('contentFrame: rows of the same parity differ beyond their markers');
  page = cut(withRows, '\u27E6items\u27E7', MARK('rows'));
  page = cut(page, html(<Pagination total={rows.length} value={{ page: 1, limit }} onChange={() => undefined} />), MARK('pager'));
  const marks = (m: (typeof MARKS)[number], topDate?: string) => {
    const drawn = html(<MarksCell row={{ ...rows[0]!, topFlag: m === 'top' ? 1 : 0, topDate, attributes: m === 'top' ? [] : [m] }} />);
    return drawn.slice(drawn.indexOf('>') + 1, drawn.lastIndexOf('</span>'));
  };
  // After a title: each mark alone, in the order drawn (elements side by side: their markup is the pieces joined).
  const titleMark = (over: Partial<ContentRow>) => html(<TitleMarks row={{ ...rows[0]!, ...over }} />);
  const { take, svgs } = svgTable();
  const pager = pagerFrame(limit);
  return {
    kind: 'content',
    urls: [...CONTENT_FIRST_GETS, '/getInfo'],
    lang: builtLanguage(),
    drawn: '.catalog-tree .p-tree',
    // The statuses' and marks' tags are PrimeReact's, which inject their rules only when they mount
    // (its common rules are in every console page's head: layouts/ConsoleLayout.astro).
    css: primeComponentCss('tag'),
    perms: [...asked],
    allPerms: ALL_PERMISSIONS,
    memory: MEMORY_PREFIX,
    root: ROOT_ID,
    prefs: Object.fromEntries(DRAWN_PREFERENCES.map((k) => [k, DEFAULT_PREFERENCES[k]])),
    page: take(page),
    nodes: Object.fromEntries(NODE_KINDS.map((k, i) => [k, drawnNodes[i]!])) as Record<NodeKind, string>,
    toggler: take(toggler),
    hidden,
    rows: [drawnRows[0]!, drawnRows[1]!],
    actions: { publish: actions[0]!, offline: actions[1]!, both: actions[2]! },
    types: Object.fromEntries(CONTENT_TYPES.map((x) => [x, html(<TypeIcon type={x} />)])),
    statusTags: Object.fromEntries([null, 'success', 'info', 'warning', 'danger', 'secondary'].map((s) => [String(s), html(<StatusTagView label={MARK('label')} severity={s as (typeof STATUS_SEVERITY)[string]} />)])),
    listClass: Object.fromEntries(Object.entries(LIST_CLASS).map(([k, v]) => [k, String(v)])),
    severity: Object.fromEntries(Object.entries(STATUS_SEVERITY).map(([k, v]) => [k, String(v)])),
    archived: [ContentStatus.ARCHIVED, t('archived')],
    published: ContentStatus.PUBLISHED,
    live: [...LIVE],
    marks: Object.fromEntries(MARKS.map((m) => [m, marks(m)])),
    topUntil: cut(marks('top', SAMPLE_DATE), SAMPLE_DATE, MARK('time')),
    titleMarks: {
      mapping: titleMark({ copyType: COPY_TYPES.mapping }),
      contribution: cut(titleMark({ contributorId: MARK('contributor') as unknown as number }), String(rowId(0)), MARK('id')),
      lock: titleMark({ isLock: 'Y', lockUser: MARK('user') }),
    },
    deleted: t('deletedCatalog'),
    mapping: COPY_TYPES.mapping,
    ...pager,
    pagers: pager.pagers.map(take),
    svgs,
  };
}
