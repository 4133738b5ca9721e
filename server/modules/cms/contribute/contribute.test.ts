import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { createUser, ensureRole, grantPermission } from '../../auth/test-fixtures.ts';
import { parseInput } from '../../../core/validation.ts';
import { cmsMember } from '../member/schema.ts';
import { issueMemberToken, type MemberCaller } from '../member/session.ts';
import type { PublicSite } from '../public-api/route.ts';
import { cmsArticleDetail, cmsContent } from '../content/schema.ts';
import { cmsResource } from '../resource/schema.ts';
import { fromFile } from '../resource/receive.ts';
import { png } from '../resource/test-files.ts';
import { contribute, contributionBody, deleteContribution, myContributions, publishedContributions, type Contribution } from './operations.ts';
import { uploadContributionImage } from './upload.ts';

// Issue 31 item 6: a member's article goes to a catalog accepting contributions as a draft marked
// with its contributor, its body sanitized, its images through the library's sniffed upload; the
// console lists contributions; the member lists and deletes their own drafts, never published ones.
const ts = useTestServer();
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
const files = mkdtempSync(join(tmpdir(), 'contrib-'));
afterAll(() => rmSync(files, { recursive: true, force: true }));
let site: PublicSite;
let other: PublicSite;
let open = 0;
let closed = 0;
let otherOpen = 0;
let ann: MemberCaller;
let bob: MemberCaller;

const api = (method: string, path: string, body?: unknown, query?: Record<string, string>) =>
  ts.api(method, path, { token: ts.admin, body, query, headers: { ...H, CurrentSite: String(site.siteId) } });
async function ok(method: string, path: string, body?: unknown, query?: Record<string, string>) {
  const r = await api(method, path, body, query);
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
const article = (over: Partial<Contribution> = {}) => parseInput(contributionBody, { catalogId: open, title: `A story ${Math.random()}`, contentHtml: '<p>Hello</p>', ...over }) as Contribution;
const stored = async (id: number) => (await ts.database.db.select().from(cmsContent).where(eq(cmsContent.contentId, id)))[0];

async function member(userName: string): Promise<MemberCaller> {
  const [m] = await ts.database.db.insert(cmsMember).values({ userName, nickName: `${userName} N.`, password: 'x' }).returning();
  return { memberId: m!.memberId, userName: m!.userName, nickName: m!.nickName };
}
async function siteNamed(name: string, path: string): Promise<PublicSite> {
  const siteId = (await ts.api('POST', '/cms/site', { token: ts.admin, body: { name, path }, headers: H })).data.siteId as number;
  return { siteId, path, name, configProps: {} };
}
async function catalog(s: PublicSite, name: string, contribute: 'Y' | 'N') {
  const r = await ts.api('POST', '/cms/catalog', { token: ts.admin, headers: { ...H, CurrentSite: String(s.siteId) }, body: { parentId: 0, name, alias: name.toLowerCase(), path: `${name.toLowerCase()}/`, catalogType: 'common', contribute } });
  expect(r.code, r.msg).toBe(200);
  return r.data.catalogId as number;
}

beforeAll(async () => {
  site = await siteNamed('Contrib', 'contrib');
  other = await siteNamed('Other contrib', 'othercontrib');
  open = await catalog(site, 'Readers', 'Y');
  closed = await catalog(site, 'Staff', 'N');
  otherOpen = await catalog(other, 'Theirs', 'Y');
  ann = await member('ann');
  bob = await member('bob');
});

describe('a contribution', () => {
  it('is refused in a catalog not accepting contributions, or one of another site', async () => {
    await expect(contribute(ts.server.services, site, ann, article({ catalogId: closed }))).rejects.toMatchObject({ key: 'contribute.catalogClosed' });
    await expect(contribute(ts.server.services, site, ann, article({ catalogId: otherOpen }))).rejects.toMatchObject({ key: 'contribute.catalogClosed' });
    expect(ts.server.services.i18n.translator('zh-TW')('contribute.catalogClosed')).toBe('此欄目不接受投稿');
  });

  it('the catalog form\'s flag opens a catalog to contributions', async () => {
    const cat = { catalogId: closed, name: 'Staff', alias: 'staff', path: 'staff/', catalogType: 'common' };
    await ok('PUT', '/cms/catalog', { ...cat, contribute: 'Y' });
    expect((await ok('GET', `/cms/catalog/${closed}`)).contribute).toBe('Y');
    const { contentId } = await contribute(ts.server.services, site, ann, article({ catalogId: closed }));
    expect((await stored(contentId))?.catalogId).toBe(closed);
    await ok('PUT', '/cms/catalog', { ...cat, contribute: 'N' });
    await expect(contribute(ts.server.services, site, ann, article({ catalogId: closed }))).rejects.toMatchObject({ key: 'contribute.catalogClosed' });
  });

  it('arrives as a draft marked with its contributor, listed among contributions in the console', async () => {
    const { contentId } = await contribute(ts.server.services, site, ann, article({ title: 'From a reader', summary: 'Short', tags: ['local'] }));
    expect(await stored(contentId)).toMatchObject({ siteId: site.siteId, catalogId: open, status: '0', contributorId: ann.memberId, createBy: 'member:ann', author: 'ann N.', title: 'From a reader', tags: ['local'] });
    const editorsOwn = (await ok('POST', '/cms/content', { catalogId: open, title: 'Editor piece' }, { contentType: 'article' })).contentId;
    const list = await ok('GET', '/cms/content/list', undefined, { catalogId: String(open), contribution: 'Y' });
    const ids = list.rows.map((r: { contentId: number }) => r.contentId);
    expect(ids).toContain(contentId);
    expect(ids).not.toContain(editorsOwn);
    expect(list.rows.find((r: { contentId: number }) => r.contentId === contentId).contributorId).toBe(ann.memberId);
    // Editors publish it with the normal workflow.
    await ok('POST', '/cms/content/publish', { contentIds: [contentId] });
    expect((await stored(contentId))?.status).toBe('30');
    expect((await publishedContributions(ts.database.db, site, ann.memberId, {})).map((r) => r.contentId)).toEqual([contentId]);
  });

  it('reaches the console\'s list only for a user with the content key granted the catalog; never another site\'s user', async () => {
    const { contentId } = await contribute(ts.server.services, site, ann, article({ title: 'For the desk' }));
    const db = ts.database.db;
    const user = async (name: string, keys: string[], siteId: number, catalogId: number) => {
      const roleId = await ensureRole(db, `contrib_${name}`);
      for (const key of keys) await grantPermission(db, `contrib_${name}`, key);
      await ok('POST', '/cms/perms/site', { ownerType: 'Role', owner: roleId, perms: [{ siteId, perms: { View: { granted: true } } }] });
      const grant = await ts.api('POST', '/cms/perms/catalog', { token: ts.admin, headers: { ...H, CurrentSite: String(siteId) }, body: { ownerType: 'Role', owner: roleId, perms: [{ catalogId, perms: { View: { granted: true } } }] } });
      expect(grant.code, grant.msg).toBe(200);
      await createUser(db, `contrib${name}`, { roles: [`contrib_${name}`] });
      return ts.loginReady(`contrib${name}`, 'Secret123');
    };
    const list = (token: string, on: number) => ts.api('GET', '/cms/content/list', { token, query: { contribution: 'Y' }, headers: { ...H, CurrentSite: String(on) } });
    const keyless = await user('keyless', ['cms:site:view'], site.siteId, open);
    expect((await list(keyless, site.siteId)).code).toBe(403);
    const desk = await user('desk', ['cms:site:view', 'cms:content:view'], site.siteId, open);
    const seen = await list(desk, site.siteId);
    expect(seen.code, seen.msg).toBe(200);
    expect(seen.data.rows.map((r: { contentId: number }) => r.contentId)).toContain(contentId);
    const elsewhere = await user('elsewhere', ['cms:site:view', 'cms:content:view'], other.siteId, otherOpen);
    expect((await list(elsewhere, site.siteId)).code).toBe(403);
    const theirs = await list(elsewhere, other.siteId);
    expect(theirs.code, theirs.msg).toBe(200);
    expect(theirs.data.rows.map((r: { contentId: number }) => r.contentId)).not.toContain(contentId);
  });

  it('keeps a script inert: the body sanitized, the title kept as text', async () => {
    const evil = '<p onclick="alert(1)">Hi<script>alert(2)</script><img src="x" onerror="alert(3)"><a href="javascript:alert(4)">x</a><iframe src="https://evil.example"></iframe></p>';
    const { contentId } = await contribute(ts.server.services, site, ann, article({ title: '<script>alert(5)</script>', contentHtml: evil }));
    const [body] = await ts.database.db.select().from(cmsArticleDetail).where(eq(cmsArticleDetail.contentId, contentId));
    expect(body!.contentHtml).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(body!.contentHtml).toContain('Hi');
    expect((await stored(contentId))?.title).toBe('<script>alert(5)</script>');
  });

  it('the member lists their own, drafts included, and deletes a draft; never another\'s, nor one being reviewed or published', async () => {
    const draft = (await contribute(ts.server.services, site, ann, article({ title: 'Draft to go' }))).contentId;
    const published = (await myContributions(ts.database.db, site, ann, {})).rows.find((r) => r.status === '30')!.contentId as number;
    const mine = (await myContributions(ts.database.db, site, ann, {})).rows.map((r) => r.contentId);
    expect(mine).toContain(draft);
    expect((await myContributions(ts.database.db, site, bob, {})).rows).toEqual([]);
    await expect(deleteContribution(ts.server.services, site, bob, draft)).rejects.toMatchObject({ key: 'contribute.notFound' });
    await expect(deleteContribution(ts.server.services, other, ann, draft)).rejects.toMatchObject({ key: 'contribute.notFound' });
    await expect(deleteContribution(ts.server.services, site, ann, published)).rejects.toMatchObject({ key: 'contribute.notDraft' });
    await deleteContribution(ts.server.services, site, ann, draft);
    expect(await stored(draft)).toBeUndefined();
    expect(await stored(published)).toBeDefined();
  });
});

describe('a contribution\'s image', () => {
  const file = (name: string, bytes: Buffer | string) => {
    const path = join(files, `${Math.random()}-${name}`);
    writeFileSync(path, bytes);
    return fromFile(path, name);
  };

  it('goes to the site\'s library, sniffed, recorded as the member\'s', async () => {
    const got = await uploadContributionImage(ts.server.services, site, ann, file('photo.png', await png(20, 10)));
    expect(got.src).toMatch(/\/contrib\/resources\/image\//);
    const [row] = await ts.database.db.select().from(cmsResource).where(eq(cmsResource.resourceId, got.resourceId as number));
    expect(row).toMatchObject({ siteId: site.siteId, resourceType: 'image', createBy: 'member:ann' });
    // Put in a body, it is stored as the library's internal link.
    const { contentId } = await contribute(ts.server.services, site, ann, article({ contentHtml: `<p><img src="${String(got.src)}"></p>` }));
    const [body] = await ts.database.db.select().from(cmsArticleDetail).where(eq(cmsArticleDetail.contentId, contentId));
    expect(body!.contentHtml).toContain('iurl://');
  });

  it('refuses anything but an image, by its name and by its content', async () => {
    await expect(uploadContributionImage(ts.server.services, site, ann, file('page.html', '<script>alert(1)</script>'))).rejects.toMatchObject({ key: 'contribute.imageOnly' });
    await expect(uploadContributionImage(ts.server.services, site, ann, file('vector.svg', '<svg onload="alert(1)"/>'))).rejects.toMatchObject({ key: 'contribute.imageOnly' });
    await expect(uploadContributionImage(ts.server.services, site, ann, file('fake.png', '<script>alert(1)</script>'))).rejects.toBeTruthy();
    const count = await ts.database.db.select().from(cmsResource).where(eq(cmsResource.createBy, 'member:ann'));
    expect(count).toHaveLength(1);
  });
});

describe('the public routes on the sites\' origin', () => {
  let token = '';
  beforeAll(async () => {
    token = await issueMemberToken(ts.database.db, bob.memberId, { ip: '198.51.100.60' });
  });
  const onSites = (method: 'GET' | 'POST', url: string, o: { payload?: object | Buffer; bearer?: string; headers?: Record<string, string> } = {}) =>
    ts.server.sites.inject({ method, url, payload: o.payload, remoteAddress: '198.51.100.60', headers: { 'accept-language': 'en', ...(o.bearer ? { authorization: `Bearer ${o.bearer}` } : {}), ...o.headers } });

  it('take a member\'s article, and refuse a reader without a member token (a console token is none)', async () => {
    const body = { catalogId: open, title: 'Bob writes', contentHtml: '<p>Bob<script>x()</script></p>', tags: ['b'] };
    expect((await onSites('POST', `/api/account/contribute?sid=${site.siteId}`, { payload: body })).statusCode).toBe(401);
    expect((await onSites('POST', `/api/account/contribute?sid=${site.siteId}`, { payload: body, bearer: ts.admin })).statusCode).toBe(401);
    const r = await onSites('POST', `/api/account/contribute?sid=${site.siteId}`, { payload: body, bearer: token });
    expect(r.statusCode, r.body).toBe(200);
    const contentId = r.json().data.contentId as number;
    expect(await stored(contentId)).toMatchObject({ contributorId: bob.memberId, status: '0' });
    const mine = await onSites('GET', `/api/account/contribute?sid=${site.siteId}`, { bearer: token });
    expect(mine.json().data.rows.map((x: { contentId: number }) => x.contentId)).toEqual([contentId]);
    // Nothing published yet: the public list of Bob's contributions is empty.
    expect((await onSites('GET', `/api/account/contribute/${bob.memberId}?sid=${site.siteId}`)).json().data).toEqual([]);
    const closedOne = await onSites('POST', `/api/account/contribute?sid=${site.siteId}`, { payload: { ...body, catalogId: closed }, bearer: token, headers: { 'accept-language': 'zh-CN' } });
    expect(closedOne.json().msg).toBe('该栏目不接受投稿');
    const del = await onSites('POST', `/api/account/contribute/delete?sid=${site.siteId}&cid=${contentId}`, { bearer: token });
    expect(del.statusCode, del.body).toBe(200);
    expect(await stored(contentId)).toBeUndefined();
  });

  it('answer 401 to every member\'s route without a member token, a console token included', async () => {
    const { contentId } = await contribute(ts.server.services, site, bob, article({ title: 'Bob keeps this' }));
    for (const bearer of [undefined, ts.admin, 'm_forged']) {
      expect((await onSites('GET', `/api/account/contribute?sid=${site.siteId}`, { bearer })).statusCode).toBe(401);
      expect((await onSites('POST', `/api/account/contribute/delete?sid=${site.siteId}&cid=${contentId}`, { bearer })).statusCode).toBe(401);
    }
    expect(await stored(contentId)).toBeDefined();
    // Anyone may list a member's published ones.
    expect((await onSites('GET', `/api/account/contribute/${bob.memberId}?sid=${site.siteId}`)).statusCode).toBe(200);
  });

  it('keep markup in every text field as the characters typed; the body is sanitized', async () => {
    const script = (n: number) => `<script>alert(${n})</script><img src=x onerror=alert(${n})>`;
    const body = { catalogId: open, title: script(1), summary: script(2), author: script(3).slice(0, 100), tags: ['<b>bold</b>', '<script>x</script>'], contentHtml: `<p>Text</p>${script(4)}` };
    const r = await onSites('POST', `/api/account/contribute?sid=${site.siteId}`, { payload: body, bearer: token });
    expect(r.statusCode, r.body).toBe(200);
    const row = await stored(r.json().data.contentId);
    expect(row).toMatchObject({ title: script(1), summary: script(2), author: script(3).slice(0, 100), tags: ['<b>bold</b>', '<script>x</script>'] });
    const [detail] = await ts.database.db.select().from(cmsArticleDetail).where(eq(cmsArticleDetail.contentId, row!.contentId));
    expect(detail!.contentHtml).not.toMatch(/script|onerror/i);
    expect(detail!.contentHtml).toContain('<p>Text</p>');
  });

  it('take the site from ?sid= and the catalog\'s own site decides: another site\'s catalog is refused', async () => {
    const r = await onSites('POST', `/api/account/contribute?sid=${site.siteId}`, { payload: { catalogId: otherOpen, title: 'Elsewhere', contentHtml: '<p>x</p>', siteId: other.siteId }, bearer: token });
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe('This catalog does not accept contributions');
    const there = await onSites('POST', `/api/account/contribute?sid=${other.siteId}`, { payload: { catalogId: open, title: 'Elsewhere', contentHtml: '<p>x</p>' }, bearer: token });
    expect(there.statusCode).toBe(400);
  });

  it('upload an image from a multipart body, sniffed; a script named .png is refused', async () => {
    const part = (name: string, bytes: Buffer) => {
      const boundary = '----img';
      return {
        payload: Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      };
    };
    const good = await onSites('POST', `/api/account/contribute/upload_image?sid=${site.siteId}`, { ...part('pic.png', await png(12, 12)), bearer: token });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data.src).toMatch(/\/contrib\/resources\/image\//);
    const fake = await onSites('POST', `/api/account/contribute/upload_image?sid=${site.siteId}`, { ...part('evil.png', Buffer.from('<script>alert(1)</script>')), bearer: token });
    expect(fake.statusCode).toBe(400);
    expect((await onSites('POST', `/api/account/contribute/upload_image?sid=${site.siteId}`, part('pic.png', await png(12, 12)))).statusCode).toBe(401);
  });
});

describe('the account page\'s form', () => {
  it('sends tags as one text box: split into words', () => {
    expect(parseInput(contributionBody, { catalogId: 1, title: 'T', tags: 'red, blue、green  gold' })).toMatchObject({ tags: ['red', 'blue', 'green', 'gold'] });
  });
});

