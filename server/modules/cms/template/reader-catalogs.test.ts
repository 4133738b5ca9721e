import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { createUser, ensureRole, grantPermission } from '../../auth/test-fixtures.ts';
import { drainQueue } from '../publish/worker.ts';
import { pipeOutputRoot } from '../publish/roots.ts';
import { readTree } from '../publish/test-publish.ts';
import { templateRoot, writeTemplateFile } from './store.ts';

// Issue 27: a catalog the user may not View is invisible everywhere, not only in the content list.
// A preview (the workbench's live one and the console's) renders with its user's rights: its tags
// list, find by id or alias, and link only the catalogs the user may view, and never the contents
// of the others. Publishing has no user behind it and shows every catalog.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-reader-catalogs-'));
const ts = useTestServer({ config: { dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
const cat = { open: 0, vault: 0, annex: 0 };
const alias = { open: '', vault: '', annex: '' };
let siteId = 0;
let reader = '';
let letter = 0;

async function ok(method: string, path: string, body?: unknown, token = ts.admin) {
  const r = await ts.api(method, path, { token, body, headers: { ...H, CurrentSite: String(siteId) } });
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
/** The workbench's live preview of `content` as the home page's template: the page its frame shows, or the problem. */
async function bench(token: string, content: string): Promise<{ html?: string; problem?: string }> {
  const r = await ok('POST', '/cms/template/preview', { publishPipeCode: 'pc', path: 'index.template.html', content }, token);
  if (!r.ok) return { problem: r.problem.message };
  return { html: (await ts.server.sites.inject({ method: 'GET', url: new URL(r.frameUrl).pathname })).body };
}
/** The console's preview of the site's home page (its saved template), as the frame shows it. */
async function previewHome(token: string): Promise<string> {
  const r = await ts.api('GET', `/cms/preview/site/${siteId}`, { token, headers: H });
  expect(r.code, r.msg).toBe(200);
  return (await ts.server.sites.inject({ method: 'GET', url: new URL(r.data.frameUrl).pathname })).body;
}

// Every way a template reaches catalogs: the top level, the whole tree, a content list of the site
// (its catalog's name and link), a catalog's link by id, a body link to it, an include listing them.
const NAV = `{% cms_catalog level: 'Root' %}{% for c in DataList %}[{{ c.name }}|{{ c.alias }}|{{ c.childCount }}]{% endfor %}{% endcms_catalog %}`;
const HOME = `<nav>${NAV}</nav>`
  + `<tree>{% cms_catalog level: 'CurrentAndChild' %}{% for c in DataList %}({{ c.name }}){% endfor %}{% endcms_catalog %}</tree>`
  + `<list>{% cms_content level: 'Root', size: 50 %}{% for a in DataList %}<p>{{ a.title }}|{{ a.catalogName }}</p>{% endfor %}{% endcms_content %}</list>`
  + `<inc>{% cms_include file: 'nav.template.html' %}</inc>`;
const byId = () => `<link>{{ ${cat.vault} | catalogUrl }}|{{ 'iurl://catalog?id=${cat.vault}' | iurl }}</link>`
  + `<body>{% cms_article contentId: ${letter} %}{{ ArticleContent | raw }}{% endcms_article %}</body>`;
const SECRETS = ['Secretvault', 'Vaultannex', 'Vault treasure map', 'Annex ledger'];

beforeAll(async () => {
  siteId = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Castle', path: 'castle' } })).data.siteId;
  for (const c of await ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Openshelf\nSecretvault\n  Vaultannex' })) {
    const key = ({ Openshelf: 'open', Secretvault: 'vault', Vaultannex: 'annex' } as const)[c.name as string]!;
    cat[key] = c.catalogId;
    alias[key] = c.alias;
  }
  const add = async (catalogId: number, title: string, body = '') => (await ok('POST', '/cms/content?contentType=article', { catalogId, title, contentHtml: `<p>${title} body${body}</p>` })).contentId as number;
  // The letter, in the catalog the reader may view, links to the vault in its body.
  letter = await add(cat.open, 'Open letter', ` <a href="iurl://catalog?id=${cat.vault}">see</a>`);
  await ok('POST', '/cms/content/publish', { contentIds: [letter, await add(cat.vault, 'Vault treasure map'), await add(cat.annex, 'Annex ledger')] });
  const root = templateRoot(dataDir, 'castle', 'pc');
  rmSync(root, { recursive: true, force: true });
  for (const [name, source] of Object.entries({ 'nav.template.html': NAV, 'index.template.html': HOME + byId(), 'list.template.html': '<h1>{{ Catalog.name }}</h1>' })) {
    await writeTemplateFile(root, name, source, { create: true });
  }
  // A role with the template view key, View on the site and on Openshelf only; a user holding it.
  const roleId = await ensureRole(ts.database.db, 'shelf-readers');
  await grantPermission(ts.database.db, 'shelf-readers', 'cms:template:view');
  const cells = { View: { granted: true } };
  await ok('POST', '/cms/perms/site', { ownerType: 'Role', owner: roleId, perms: [{ siteId, perms: cells }] });
  await ok('POST', '/cms/perms/catalog', { ownerType: 'Role', owner: roleId, perms: [{ catalogId: cat.open, perms: cells }] });
  await createUser(ts.database.db, 'shelfreader', { password: 'Shelf1234', roles: ['shelf-readers'] });
  reader = await ts.loginReady('shelfreader', 'Shelf1234');
});

describe('catalogs a preview\'s user may not view (issue 27)', () => {
  it('are listed, counted and linked nowhere, their contents neither; the user\'s own catalog is', async () => {
    const { html, problem } = await bench(reader, HOME + byId());
    expect(problem).toBeUndefined();
    expect(html).toBe(`<nav>[Openshelf|${alias.open}|0]</nav><tree>(Openshelf)</tree><list><p>Open letter|Openshelf</p></list><inc>[Openshelf|${alias.open}|0]</inc><link>|</link>`
      + '<body><p>Open letter body <a href="#">see</a></p></body>');
    for (const secret of [...SECRETS, alias.vault, alias.annex]) expect(html).not.toContain(secret);
    // The console's preview of the saved home page: the same.
    const page = await previewHome(reader);
    expect(page).toBe(html);
  });

  it('are not found by id or alias, as a catalog that does not exist, nor their contents', async () => {
    const self = (ref: string) => `{% cms_catalog ${ref}, level: 'Self' %}{% for c in DataList %}{{ c.name }}{% endfor %}{% endcms_catalog %}`;
    const missing = (await bench(reader, self('id: 999999'))).problem!;
    expect(missing).toContain('999999');
    for (const [ref, shown] of [[`id: ${cat.vault}`, cat.vault], [`alias: '${alias.vault}'`, alias.vault], [`id: ${cat.annex}`, cat.annex]] as const) {
      const r = await bench(reader, self(ref));
      expect(r.problem, ref).toBe(missing.replace('999999', String(shown)));
    }
    const contents = `{% cms_content catalogId: ${cat.vault}, level: 'CurrentAndChild' %}{% for a in DataList %}{{ a.title }}{% endfor %}{% endcms_content %}`;
    const r = await bench(reader, contents);
    expect(r.problem).toBe(missing.replace('999999', String(cat.vault)));
    for (const secret of SECRETS) expect(JSON.stringify(r)).not.toContain(secret);
    // Their children are not reached through the catalog the user may view either.
    expect((await bench(reader, `{% cms_catalog id: ${cat.open}, level: 'Current' %}{% for c in DataList %}{{ c.name }};{% endfor %}{% endcms_catalog %}`)).html).toBe('Openshelf;');
  });

  it('are all shown to an administrator, in the previews and the published page', async () => {
    const { html } = await bench(ts.admin, HOME + byId());
    expect(html).toContain(`<nav>[Openshelf|${alias.open}|0][Secretvault|${alias.vault}|1]</nav><tree>(Openshelf)(Secretvault)(Vaultannex)</tree>`);
    for (const secret of SECRETS) expect(html).toContain(secret);
    expect(html).toMatch(new RegExp(`<link>http://\\S+catalog\\S*${cat.vault}\\S*\\|http://\\S+</link>`));
    // The console's preview opens the vault's preview in its own page, the workbench's in a new tab.
    expect(html).toContain(`<a href="http://localhost/admin/cms/preview?type=catalog&amp;id=${cat.vault}&amp;pp=pc" target="_blank" rel="noopener">see</a>`);
    expect(await previewHome(ts.admin)).toBe(html!.replace('target="_blank" rel="noopener"', 'target="_top"'));
    const named = await bench(ts.admin, `{% cms_catalog alias: '${alias.vault}', level: 'Self' %}{% for c in DataList %}{{ c.name }}{% endfor %}{% endcms_catalog %}`);
    expect(named.html).toBe('Secretvault');

    // Publishing has no user behind it: every catalog and its contents.
    await ok('POST', '/cms/site/publish', { siteId, contentStatus: '30' });
    await drainQueue(ts.server.services);
    const tree = await readTree(pipeOutputRoot({ dataDir }, 'castle', 'pc', true));
    const index = [...tree].find(([name]) => /^index\.\w+$/.test(name))?.[1] ?? '';
    expect(index).toContain(`<nav>[Openshelf|${alias.open}|0][Secretvault|${alias.vault}|1]</nav><tree>(Openshelf)(Secretvault)(Vaultannex)</tree>`);
    for (const secret of SECRETS) expect(index).toContain(secret);
    expect(index).toMatch(new RegExp(`<inc>\\[Openshelf\\|${alias.open}\\|0\\]\\[Secretvault\\|${alias.vault}\\|1\\]</inc>`));
  });
});
