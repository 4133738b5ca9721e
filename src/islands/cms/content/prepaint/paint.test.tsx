import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { useStore } from '@nanostores/react';
import { CONTENT_STATUS_DICT } from '../../../../../shared/cms/content.ts';
import { PrimeReactProvider } from '../../../../components/widgets/prime-provider.ts';
import { $dicts } from '../../../../stores/dicts.ts';
import { $permissions } from '../../../../stores/session.ts';
import { HELPERS } from '../../../prepaint/kit.ts';
import { prepaintScript } from '../../../prepaint/script.ts';
import type { CatalogTreeReply } from '../../../../components/cms/catalog-api.ts';
import type { ContentRow } from '../../../../lib/cms/content-list.ts';
import ContentIsland from '../ContentIsland.tsx';
import { CONTENT_FIRST_GETS } from '../first-gets.ts';
import { contentFrame } from './frame.tsx';
import { paintContent } from './paint.ts';

// The list's editor link navigates with Astro's client router, which only the build provides.
vi.mock('astro:transitions/client', () => ({ navigate: () => undefined }));
// The island as it draws once hydrated: from the stores' live values (the dictionary, the permissions).
vi.mock('../../../../lib/react/use-store.ts', () => ({ useHydratedStore: (store: never) => useStore(store) }));

// Issue 34: the Contents page painted before its scripts (paint.ts, from the build's fragments,
// frame.tsx) must be the markup the island then draws from the same answers, so that the handover
// changes nothing. Here the painter's output is held to the island's own render; the browser test
// (tests/browser/prepaint-content.test.ts) compares the pictures.

const ok = (data: unknown) => ({ code: 200, msg: 'ok', data });
const XSS = '<img src=x onerror="window.__pwned=1">';
const props = (over: Record<string, unknown> = {}) => ({ alias: 'a', path: 'a/', catalogType: 'normal', visibleFlag: 'Y', staticFlag: 'Y', treeLevel: 1, childCount: 0, ...over });
const tree: CatalogTreeReply = {
  siteName: 'Harbour & "news"',
  rows: [
    { id: 1, parentId: 0, label: `News ${XSS}`, disabled: false, props: props(), children: [{ id: 4, parentId: 1, label: 'Local <b>', disabled: false, props: props({ treeLevel: 2 }) }] },
    { id: 2, parentId: 0, label: 'Links', disabled: false, props: props({ catalogType: 'link', visibleFlag: 'N' }) },
    { id: 3, parentId: 0, label: 'Closed', disabled: true, props: props(), children: [] },
  ],
};
const content = (i: number, over: Partial<ContentRow> = {}): ContentRow => ({
  contentId: 100 + i, catalogId: 1, contentType: 'article', title: `Title ${i}`, status: '0', attributes: [], topFlag: 0, isLock: 'N',
  author: 'ada', publishDate: '2026-11-30 09:15:00', viewCount: 3, copyType: 1, contributorId: null, ...over,
});
const rows = [
  content(1, { title: `Tide ${XSS} \u27E6title\u27E7`, author: '<i>Ada</i>' }),
  content(2, { status: '30', catalogId: 4, attributes: ['hot', 'recommend'], topFlag: 1, contentType: 'image' }),
  content(3, { status: '60', catalogId: 99, author: null, publishDate: null }),
  content(4, { status: '70', catalogId: 2 }),
  content(5, { status: '20', contentType: 'video' }),
  // The marks after a title, and an end to being on top.
  content(6, { copyType: 2, isLock: 'Y', lockUser: `<b>"Bo"</b>` }),
  content(7, { contributorId: 42, topFlag: 1, topDate: '2026-12-30 08:00:00', attributes: ['hot'] }),
  content(8, { copyType: 2, contributorId: 9, isLock: 'Y', lockUser: null }),
];
const dict = [{ dictValue: '0', dictLabel: '初稿' }, { dictValue: '30', dictLabel: '已发布', listClass: 'success' }, { dictValue: '60', dictLabel: '重新编辑', listClass: 'default' }];
const list = (r: ContentRow[], total = r.length) => ok({ rows: r, total });
/** The answers in the frame's order: the tree, the first page, the dictionaries, the preferences, /getInfo. */
const answers = (over: Partial<Record<'tree' | 'list' | 'prefs' | 'info', unknown>> = {}) => [
  over.tree ?? ok(tree), over.list ?? list(rows, 45), ok(dict), ok([]), over.prefs ?? ok({ pageSize: 20 }), over.info ?? ok({ permissions: ['*'] }),
];

/** What the island draws from the same answers (the tree loaded, the whole site chosen, the dictionary in). */
function island(total = 45, shown: ContentRow[] = rows) {
  $permissions.set(['*']);
  $dicts.setKey(CONTENT_STATUS_DICT, dict.map((d) => ({ value: d.dictValue, label: d.dictLabel, ...(d.listClass ? { listClass: d.listClass } : {}) })));
  return renderToStaticMarkup(<PrimeReactProvider><ContentIsland prebuilt={{ tree, list: { rows: shown, total, totalCapped: false } }} /></PrimeReactProvider>);
}

afterEach(() => {
  $permissions.set([]);
  $dicts.set({});
});

describe('the Contents page painted before its scripts', () => {
  it('is the markup the island draws from the same answers: the tree, the rows, the pager', () => {
    const F = contentFrame();
    const html = paintContent(F, answers(), 1440, HELPERS)!;
    expect(html).toBe(island());
    // Not two empty screens alike: the catalogs, the rows with their labels, marks and actions, the pager.
    expect(html.match(/role="treeitem"/g)).toHaveLength(4);
    expect(html.match(/<tr /g)).toHaveLength(rows.length);
    for (const text of ['Local &lt;b&gt;', '已发布', '重新编辑', 'pi-eye-slash', 'pi-pencil', 'pi-send', 'pi-download', 'content-preview-103', '共 45 条']) expect(html).toContain(text);
    for (const text of ['pi-lock', '&lt;b&gt;&quot;Bo&quot;&lt;/b&gt;', 'content-contribution-107', '2026-12-30 08:00:00', '映射']) expect(html).toContain(text);
    expect(html).not.toContain('\u27E6id');
    const one = [rows[1]!];
    expect(paintContent(F, answers({ list: list(one) }), 1440, HELPERS)).toBe(island(1, one));
  });

  it('writes catalog names, titles and authors as text', () => {
    const html = paintContent(contentFrame(), answers(), 1440, HELPERS)!;
    expect(html).toContain('News &lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt;');
    expect(html).toContain('Tide &lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt; \u27E6title\u27E7');
    expect(html).toContain('&lt;i&gt;Ada&lt;/i&gt;');
    expect(html).not.toMatch(/<img|<i>|<b>/);
  });

  it('leaves the screen to the island when it would draw something else', () => {
    const F = contentFrame();
    const paint = (a: unknown[]) => paintContent(F, a, 1440, HELPERS);
    expect(paint(answers({ info: ok({ permissions: ['cms:content:view'] }) }))).toBeNull();
    expect(paint(answers({ prefs: ok({ pageSize: 50 }) }))).toBeNull();
    expect(paint(answers({ prefs: ok({ contentEditorOpenMode: 'window' }) }))).toBeNull();
    expect(paint(answers({ list: list([]) }))).toBeNull();
    expect(paint(answers({ tree: ok({ siteName: 's', rows: [] }) }))).toBeNull();
    expect(paint(answers({ list: { code: 500, msg: 'no' } }))).toBeNull();
    for (const over of [{ topFlag: 1, topDate: '2026-12-30T00:00:00Z' }, { publishDate: '2026-11-30T09:15:00Z' }, { contentType: 'poem' }]) {
      expect(paint(answers({ list: list([content(1, over as Partial<ContentRow>)]) }))).toBeNull();
    }
  });

  it('paints from the calls the page asks for, with the one script every page shares', () => {
    const F = contentFrame();
    expect(F.urls).toEqual([...CONTENT_FIRST_GETS, '/getInfo']);
    expect(prepaintScript()).toContain('paintContent');
    expect(F.perms).toEqual(expect.arrayContaining(['cms:content:edit', 'cms:content:add']));
    // PrimeReact's rules the copy's buttons and tags need before any of its components has mounted.
    expect(F.css).toMatch(/\.p-tag \{ display: inline-flex;/);
    // Small beside the page: icons kept once, below a list page's frame (65 to 75 kB on 2026-12-01).
    expect(JSON.stringify(F).length).toBeLessThan(60_000);
    // The fragments carry no build-time value the painter would not replace.
    expect(JSON.stringify(F)).not.toMatch(/9000001|1000-01-01|data-catalog-id="9/);
  });
});
