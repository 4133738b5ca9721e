import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { MENUS } from '../../shipped.ts';
import { cmsXModelData } from './schema.ts';

// Extension models (issue 29 part 3): a site's own fields on its contents, catalogs and itself,
// checked by the shared rules on the server, each row's values stored once.
const ts = useTestServer();
const H = { repeatSubmit: 'false' };
let siteId = 0;
let otherSiteId = 0;
const cat: Record<string, number> = {};

async function call(method: string, path: string, body?: unknown, opts: { token?: string; site?: number; lang?: string } = {}) {
  return ts.api(method, path, { token: opts.token ?? ts.admin, body, headers: { ...H, 'accept-language': opts.lang ?? 'en', CurrentSite: String(opts.site ?? siteId) } });
}
async function ok(method: string, path: string, body?: unknown, opts: { token?: string; site?: number } = {}) {
  const r = await call(method, path, body, opts);
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}

/** The five kinds the acceptance names, plus a choice, a switch and a date. */
const FIELDS = [
  { label: 'Author', code: 'author', fieldType: 'text', required: 'Y', minLength: 2, maxLength: 20, searchable: 'Y' },
  { label: 'Pages', code: 'pages', fieldType: 'number', minValue: 1, maxValue: 999 },
  { label: 'ISBN', code: 'isbn', fieldType: 'text', pattern: '\\d{3}-\\d{10}' },
  { label: 'Blurb', code: 'blurb', fieldType: 'richtext' },
  { label: 'Released', code: 'released', fieldType: 'date' },
  { label: 'Signed', code: 'signed', fieldType: 'radio', dictType: 'YesOrNo' },
  { label: 'Featured', code: 'featured', fieldType: 'switch' },
  { label: 'Cover', code: 'cover', fieldType: 'image' },
];

describe('extension models', () => {
  let modelId = 0;
  let article = 0;
  let elsewhere = 0;

  beforeAll(async () => {
    siteId = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Shelf', path: 'shelf' } })).data.siteId;
    otherSiteId = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Other', path: 'other' } })).data.siteId;
    for (const c of await ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Books\nNews' })) cat[c.name] = c.catalogId;
    cat.Other = (await ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Elsewhere' }, { site: otherSiteId }))[0].catalogId;
    article = (await ok('POST', '/cms/content?contentType=article', { catalogId: cat.Books, title: 'A novel' })).contentId;
    elsewhere = (await ok('POST', '/cms/content?contentType=article', { catalogId: cat.Other, title: 'Far away' }, { site: otherSiteId })).contentId;
  });

  it('ships the Ext Model menu from its definition, ids and keys as before', () => {
    expect(MENUS.find((m) => m.menuId === 2037)).toMatchObject({ path: 'exmodel', component: 'cms/exmodel/model', perms: 'cms:exmodel:view' });
    expect(MENUS.filter((m) => m.parentId === 2037).map((m) => m.perms).sort()).toEqual(['cms:exmodel:add', 'cms:exmodel:edit', 'cms:exmodel:remove']);
  });

  it('adds a model with its fields to the current site only; one model per target', async () => {
    modelId = (await ok('POST', '/cms/exmodel', { name: 'Book facts', code: 'book', bindTo: 'content', contentType: 'article', siteId: otherSiteId })).modelId;
    expect((await ok('GET', '/cms/exmodel/list')).rows.map((r: { code: string }) => r.code)).toEqual(['book']);
    expect((await ok('GET', '/cms/exmodel/list', undefined, { site: otherSiteId })).rows).toEqual([]);
    expect(await call('POST', '/cms/exmodel', { name: 'Again', code: 'again', bindTo: 'content', contentType: 'article' })).toMatchObject({ code: 500, msg: 'This site already has a model extending the same target (and content type)' });
    for (const f of FIELDS) await ok('POST', '/xmodel/field', { ...f, modelId });
    expect((await ok('GET', `/xmodel/field/list?modelId=${modelId}`)).total).toBe(FIELDS.length);
    // A field's code is unique in its model; a bad pattern, a choice without a dictionary, a minimum above the maximum are refused.
    expect((await call('POST', '/xmodel/field', { modelId, label: 'Dup', code: 'author', fieldType: 'text' })).msg).toBe('Code "author" already exists');
    expect((await call('POST', '/xmodel/field', { modelId, label: 'Bad', code: 'bad', fieldType: 'text', pattern: '(' })).msg).toBe('Pattern (regex) is not a valid regular expression');
    expect((await call('POST', '/xmodel/field', { modelId, label: 'Pick', code: 'pick', fieldType: 'select' })).msg).toBe('Dictionary Type cannot be empty');
    expect((await call('POST', '/xmodel/field', { modelId, label: 'N', code: 'n', fieldType: 'number', minValue: 5, maxValue: 1 })).msg).toBe('Min Value cannot be greater than Max Value');
    expect((await call('POST', '/xmodel/field', { modelId, label: 'Type', code: 'ty', fieldType: 'script' })).msg).toMatch(/^Type /);
  });

  it('keeps another site\'s models and fields out of reach, forged ids included', async () => {
    expect((await call('GET', `/cms/exmodel/${modelId}`, undefined, { site: otherSiteId })).code).toBe(500);
    expect((await call('POST', '/xmodel/field', { modelId, label: 'X', code: 'x', fieldType: 'text' }, { site: otherSiteId })).msg).toBe('The record does not exist or is out of your reach');
    expect((await call('DELETE', '/cms/exmodel', [modelId], { site: otherSiteId })).code).toBe(500);
    expect((await call('POST', '/cms/exmodel/delete', [modelId], { site: otherSiteId })).code).toBe(500);
    expect((await call('PUT', '/cms/exmodel', { modelId, name: 'Taken' }, { site: otherSiteId })).code).toBe(500);
    expect((await ok('GET', `/cms/exmodel/${modelId}`)).name).toBe('Book facts');
  });

  it('shows the content editor the model\'s fields and saves valid values', async () => {
    // A new article's tab (nothing saved yet) has the same fields; an image album none.
    expect((await ok('GET', `/cms/exmodel/data/blank?bindTo=content&catalogId=${cat.Books}&contentType=article`)).fields).toHaveLength(FIELDS.length);
    expect((await ok('GET', `/cms/exmodel/data/blank?bindTo=content&catalogId=${cat.Books}&contentType=image`)).model).toBeNull();
    const tab = await ok('GET', `/cms/exmodel/data/content/${article}`);
    expect(tab.model).toMatchObject({ code: 'book' });
    expect(tab.fields.map((f: { code: string }) => f.code)).toEqual(FIELDS.map((f) => f.code));
    expect(tab.choices.YesOrNo.map((c: { value: string }) => c.value).sort()).toEqual(['N', 'Y']);
    await ok('PUT', `/cms/exmodel/data/content/${article}`, { author: 'Lu Xun', pages: '320', isbn: '978-7020002207', blurb: '<p>Old <b>tales</b><script>alert(1)</script></p>', released: '1923-08-01', signed: 'Y', featured: true, cover: '/shelf/resources/image/c.jpg', stray: 'dropped' });
    const back = await ok('GET', `/cms/exmodel/data/content/${article}`);
    expect(back.values).toEqual({ author: 'Lu Xun', pages: 320, isbn: '978-7020002207', blurb: '<p>Old <b>tales</b></p>', released: '1923-08-01', signed: 'Y', featured: 'Y', cover: '/shelf/resources/image/c.jpg' });
    const [row] = await ts.database.db.select().from(cmsXModelData).where(eq(cmsXModelData.ownerId, article));
    expect(row!.search).toBe('Lu Xun');
    // The content list finds it by a searchable field (Author), not by one that is not marked (ISBN).
    expect((await ok('GET', '/cms/content/list?extend=xun')).rows.map((r: { title: string }) => r.title)).toEqual(['A novel']);
    expect((await ok('GET', '/cms/content/list?extend=978')).total).toBe(0);
    expect((await ok('GET', '/cms/content/list?extend=xun', undefined, { site: otherSiteId })).total).toBe(0);
    // The list's search box names the fields it searches: articles have one, images none, another site none.
    expect(await ok('GET', '/cms/exmodel/data/searchable')).toEqual([{ code: 'author', label: 'Author' }]);
    expect(await ok('GET', '/cms/exmodel/data/searchable?contentType=article')).toEqual([{ code: 'author', label: 'Author' }]);
    expect(await ok('GET', '/cms/exmodel/data/searchable?contentType=image')).toEqual([]);
    expect(await ok('GET', '/cms/exmodel/data/searchable', undefined, { site: otherSiteId })).toEqual([]);
  });

  it('refuses each broken rule with a message naming the field, in the reader\'s language, and writes nothing', async () => {
    const good = { author: 'Lu Xun', pages: 320 };
    const msg = async (body: Record<string, unknown>, lang = 'en') => (await call('PUT', `/cms/exmodel/data/content/${article}`, body, { lang })).msg;
    expect(await msg({ pages: 3 })).toBe('Author cannot be empty');
    expect(await msg({ pages: 3 }, 'zh-CN')).toBe('Author不能为空');
    expect(await msg({ author: 'L' })).toBe('Author must be at least 2 characters');
    expect(await msg({ author: 'L'.repeat(21) })).toBe('Author cannot exceed 20 characters');
    expect(await msg({ ...good, pages: 1000 })).toBe('Pages must be between 1 and 999');
    expect(await msg({ ...good, pages: 'many' })).toBe('Pages must be a number');
    expect(await msg({ ...good, isbn: '12-34' })).toBe('ISBN does not match the format it requires');
    expect(await msg({ ...good, released: '2023-02-30' })).toBe('Released must be a date (yyyy-MM-dd, optionally HH:mm:ss)');
    expect(await msg({ ...good, released: '2023-02-03 25:00' })).toBe('Released must be a date (yyyy-MM-dd, optionally HH:mm:ss)');
    expect(await msg({ ...good, signed: 'maybe' })).toBe('Signed: "maybe" is not one of its choices');
    expect(await msg({ ...good, signed: 'maybe' }, 'zh-TW')).toBe('Signed：「maybe」不是可選的值');
    expect((await ok('GET', `/cms/exmodel/data/content/${article}`)).values.author).toBe('Lu Xun');
    expect((await ok('GET', `/cms/exmodel/data/content/${article}`)).values.isbn).toBe('978-7020002207');
  });

  it('refuses another site\'s content and a user without the catalog\'s right', async () => {
    expect((await call('GET', `/cms/exmodel/data/content/${elsewhere}`)).code).not.toBe(200);
    expect((await call('PUT', `/cms/exmodel/data/content/${elsewhere}`, { author: 'Me too' })).code).not.toBe(200);
    expect((await call('PUT', '/cms/exmodel/data/content/99999999', { author: 'Ghost' })).code).not.toBe(200);
    const menuIds = MENUS.filter((m) => m.perms?.startsWith('cms:')).map((m) => m.menuId);
    const roleId = (await ts.api('POST', '/system/role', { token: ts.admin, headers: H, body: { roleName: 'Readers', roleKey: 'readers', dataScope: '5', menuIds } })).data.roleId;
    await ts.api('POST', '/system/user', { token: ts.admin, headers: H, body: { userName: 'reader', nickName: 'Reader', deptId: 100, password: 'Quill4321', roleIds: [roleId] } });
    const reader = await ts.loginReady('reader', 'Quill4321');
    await ts.api('POST', '/cms/perms/site', { token: ts.admin, headers: H, body: { ownerType: 'Role', owner: roleId, perms: [{ siteId, perms: { View: { granted: true } } }] } });
    await ok('POST', '/cms/perms/catalog', { ownerType: 'Role', owner: roleId, perms: [{ catalogId: cat.Books, perms: { View: { granted: true } } }] });
    expect((await ok('GET', `/cms/exmodel/data/content/${article}`, undefined, { token: reader })).values.author).toBe('Lu Xun');
    expect((await call('PUT', `/cms/exmodel/data/content/${article}`, { author: 'Reader' }, { token: reader })).code).toBe(403);
    // A new content's tab is held to the catalog it is written in: the reader views Books, not News;
    // another site's catalog (whatever the current site) and a call naming none are refused too.
    expect((await ok('GET', `/cms/exmodel/data/blank?catalogId=${cat.Books}&contentType=article`, undefined, { token: reader })).fields).toHaveLength(FIELDS.length);
    expect((await call('GET', `/cms/exmodel/data/blank?catalogId=${cat.News}&contentType=article`, undefined, { token: reader })).code).not.toBe(200);
    expect((await call('GET', `/cms/exmodel/data/blank?catalogId=${cat.Other}&contentType=article`)).code).not.toBe(200);
    expect((await call('GET', '/cms/exmodel/data/blank?contentType=article')).code).not.toBe(200);
    // Models shape what editors store: only a site editor changes them.
    expect((await call('PUT', '/cms/exmodel', { modelId, name: 'Mine' }, { token: reader })).code).toBe(403);
  });

  it('extends catalogs and the site with their own models', async () => {
    expect((await ok('GET', `/cms/exmodel/data/catalog/${cat.News}`)).model).toBeNull();
    const catModel = (await ok('POST', '/cms/exmodel', { name: 'Catalog extras', code: 'cat', bindTo: 'catalog' })).modelId;
    await ok('POST', '/xmodel/field', { modelId: catModel, label: 'Banner', code: 'banner', fieldType: 'text', required: 'Y' });
    expect((await call('PUT', `/cms/exmodel/data/catalog/${cat.News}`, {})).msg).toBe('Banner cannot be empty');
    await ok('PUT', `/cms/exmodel/data/catalog/${cat.News}`, { banner: 'Breaking' });
    expect((await ok('GET', `/cms/exmodel/data/catalog/${cat.News}`)).values).toEqual({ banner: 'Breaking' });
    expect((await call('PUT', `/cms/exmodel/data/catalog/${cat.Other}`, { banner: 'Forged' })).code).not.toBe(200);
    const siteModel = (await ok('POST', '/cms/exmodel', { name: 'Site extras', code: 'site', bindTo: 'site' })).modelId;
    await ok('POST', '/xmodel/field', { modelId: siteModel, label: 'Motto', code: 'motto', fieldType: 'textarea', maxLength: 50 });
    await ok('PUT', '/cms/exmodel/data/site', { motto: 'Read more' });
    expect((await ok('GET', '/cms/exmodel/data/site')).values).toEqual({ motto: 'Read more' });
    expect((await ok('GET', '/cms/exmodel/data/site', undefined, { site: otherSiteId })).model).toBeNull();
  });
});
