import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { multipartBody } from '../../common/test-multipart.ts';
import { MENUS } from '../../shipped.ts';
import { cmsResource, cmsSite } from '../schema.ts';
import { bombPng, HTML_AS_PNG, MP3, PDF, png, SVG_WITH_SCRIPT } from './test-files.ts';

// Issue 9 §4: the resource library of a site on Local storage.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-res-'));
const ts = useTestServer({ config: { dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const H = { repeatsubmit: 'false', 'accept-language': 'en' };

let demo = 0;
let other = 0;
const siteHeaders = (siteId = demo) => ({ ...H, CurrentSite: String(siteId) });

async function upload(fileName: string, content: Buffer, opts: { fields?: Record<string, string>; token?: string; siteId?: number } = {}) {
  const body = multipartBody('file', fileName, content, { fields: opts.fields });
  const res = await ts.server.app.inject({
    method: 'POST', url: '/prod-api/cms/resource/upload', payload: body.payload,
    headers: { ...body.headers, ...siteHeaders(opts.siteId), authorization: `Bearer ${opts.token ?? ts.admin}` },
  });
  return res.json();
}
async function ok(method: string, path: string, body?: unknown, siteId = demo) {
  const r = await ts.api(method, path, { token: ts.admin, body, headers: siteHeaders(siteId) });
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
// Resources as readers get them: from the sites port (the console reads them below the API).
const get = (url: string) => (url.startsWith('/prod-api/') ? ts.server.app : ts.server.sites).inject({ method: 'GET', url });
const siteFiles = (path = 'demo') => {
  const root = join(dataDir, 'sites', path);
  return existsSync(root) ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => join(d.parentPath, d.name).slice(root.length + 1)).sort() : [];
};
const tempFiles = () => (existsSync(join(dataDir, 'tmp')) ? readdirSync(join(dataDir, 'tmp')) : []);
const rowCount = async () => (await ts.database.db.select().from(cmsResource)).length;

beforeAll(async () => {
  demo = (await ts.database.db.select().from(cmsSite).where(eq(cmsSite.path, 'demo')))[0]!.siteId;
  other = (await ok('POST', '/cms/site', { name: 'Other', path: 'other' })).siteId;
});

describe('uploading to the library', () => {
  it('stores an image by its content with its size and thumbnail, and serves both read-only', async () => {
    await ok('POST', '/cms/setting/storage', { ThumbnailWidth: '100', ThumbnailHeight: '80' });
    const r = await upload('Sunset photo.png', await png(400, 300), { fields: { siteId: String(other) } });
    expect(r.code, r.msg).toBe(200);
    const row = r.data;
    expect(row).toMatchObject({ siteId: demo, resourceType: 'image', storageType: 'Local', name: 'Sunset photo', fileName: 'Sunset photo.png', suffix: 'png', width: 400, height: 300 });
    expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row.path).toMatch(new RegExp(`^resources/image/\\d{4}/\\d{2}/\\d{2}/${row.resourceId}\\.png$`));
    expect(row.thumbnail).toBe(row.path.replace('.png', '_100x80.png'));
    expect(row.src).toBe(`/demo/${row.path}`);
    expect(row.thumbSrc).toBe(`/demo/${row.thumbnail}`);
    const served = await get(row.src);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toMatch(/sandbox/);
    // the console reaches the same file below the API prefix
    expect((await get(`/prod-api${row.src}`)).statusCode).toBe(200);
    const thumb = await sharp((await get(row.thumbSrc)).rawPayload).metadata();
    expect([thumb.width, thumb.height]).toEqual([100, 75]);
    expect(tempFiles()).toEqual([]);
  });

  it('keeps audio and documents by their content; a document is served as an attachment', async () => {
    const mp3 = await upload('theme.mp3', MP3, { fields: { name: 'Theme song', resourceType: 'audio' } });
    expect(mp3.data).toMatchObject({ resourceType: 'audio', name: 'Theme song', width: null, thumbnail: null });
    const pdf = await upload('report.pdf', PDF);
    expect(pdf.data.resourceType).toBe('file');
    const served = await get(pdf.data.src);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toMatch(/^attachment/);
  });

  it('lists with the name, type and date filters, on the current site only whatever siteId says', async () => {
    const all = await ok('GET', '/cms/resource/list');
    expect(all.rows.map((r: { name: string }) => r.name)).toEqual(['report', 'Theme song', 'Sunset photo']);
    expect((await ok('GET', '/cms/resource/list?resourceType=image')).rows.map((r: { name: string }) => r.name)).toEqual(['Sunset photo']);
    expect((await ok('GET', '/cms/resource/list?name=THEME')).total).toBe(1);
    expect((await ok('GET', '/cms/resource/list?beginTime=2000-01-01&endTime=2000-12-31')).total).toBe(0);
    expect((await ok('GET', `/cms/resource/list?siteId=${other}`)).total).toBe(3);
    expect((await ok('GET', '/cms/resource/list', undefined, other)).total).toBe(0);
    expect((await ok('GET', '/cms/resource/types')).find((t: { id: string }) => t.id === 'image')).toEqual({ id: 'image', name: 'Image', suffixes: ['png', 'jpg', 'jpeg', 'gif', 'webp'], maxMb: 5 });
  });

  it('downloads as an attachment under the uploaded name, never inline', async () => {
    const [row] = (await ok('GET', '/cms/resource/list?resourceType=image')).rows;
    const res = await ts.server.app.inject({ method: 'GET', url: `/prod-api/cms/resource/download/${row.resourceId}`, headers: { ...siteHeaders(), authorization: `Bearer ${ts.admin}` } });
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''Sunset%20photo.png`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(400);
  });
});

describe('bad input is refused with a message naming the problem, leaving nothing behind', () => {
  const refused = async (name: string, content: Buffer, msg: string | RegExp, fields?: Record<string, string>) => {
    const [rows, files] = [await rowCount(), siteFiles()];
    const r = await upload(name, content, { fields });
    expect(r.code, name).toBe(500);
    if (typeof msg === 'string') expect(r.msg).toBe(msg);
    else expect(r.msg).toMatch(msg);
    expect(await rowCount()).toBe(rows);
    expect(siteFiles()).toEqual(files);
    expect(tempFiles()).toEqual([]);
  };

  it('a .png that is HTML, and a PNG sent as mp3', async () => {
    await refused('avatar.png', HTML_AS_PNG, 'The file content does not match its extension png');
    await refused('song.mp3', await png(10, 10), 'The file content does not match its extension mp3');
  });

  it('an SVG with a script, and types the library never keeps', async () => {
    await refused('logo.svg', SVG_WITH_SCRIPT, 'SVG images are not accepted: they can carry scripts. Upload a PNG or WebP instead');
    await refused('page.html', HTML_AS_PNG, /^The file format is incorrect; please upload a png, jpg, jpeg, gif, webp, mp3/);
    await refused('noext', PDF, /^The file format is incorrect/);
  });

  it('an empty file and one over the type\'s limit', async () => {
    await refused('empty.pdf', Buffer.alloc(0), 'The uploaded file is empty');
    await ok('POST', '/cms/setting/storage', { FileUploadMaxMB: '1' });
    await refused('big.pdf', Buffer.concat([PDF, Buffer.alloc(1024 * 1024, 32)]), 'The uploaded file cannot exceed 1 MB');
    await ok('POST', '/cms/setting/storage', { FileUploadMaxMB: '5' });
  });

  it('a 10,000 × 10,000 PNG of a few KB, before it is decoded', async () => {
    const bomb = bombPng();
    expect(bomb.length).toBeLessThan(64 * 1024);
    const before = process.memoryUsage().rss;
    await refused('bomb.png', bomb, 'The image is 10000 × 10000 pixels; at most 40,000,000 pixels are accepted');
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('paths in a name or a file name, plain, absolute or encoded', async () => {
    await refused('photo.png', await png(8, 8), 'Name cannot contain a path (/, \\, ..), control characters or encoded ones', { name: '../../etc/passwd' });
    await refused('photo.png', await png(8, 8), /^Name cannot contain a path/, { name: '/etc/passwd' });
    await refused('photo.png', await png(8, 8), /^Name cannot contain a path/, { name: '..%2F..%2Fsecret' });
    await refused('%2e%2e%2fpasswd.png', await png(8, 8), /^File name cannot contain a path/);
    await refused('a%5c..%5cwin.png', await png(8, 8), /^File name cannot contain a path/);
    const [row] = (await ok('GET', '/cms/resource/list?resourceType=image')).rows;
    const rename = await ts.api('PUT', '/cms/resource', { token: ts.admin, headers: siteHeaders(), body: { resourceId: row.resourceId, name: 'a/../../b' } });
    expect(rename.msg).toBe('Name cannot contain a path (/, \\, ..), control characters or encoded ones');
  });

  it('a type chosen in the form that the content contradicts', async () => {
    await refused('photo.png', await png(8, 8), 'The file is Image, not Audio', { resourceType: 'audio' });
  });

  it('a database insert that fails after the object was stored', async () => {
    await ts.database.db.execute(sql.raw(`create or replace function castanea_fail_boom() returns trigger language plpgsql as $$
      begin if new.name = 'boom' then raise exception 'boom'; end if; return new; end $$`));
    await ts.database.db.execute(sql.raw('create trigger castanea_fail_boom before insert on cms_resource for each row execute function castanea_fail_boom()'));
    try {
      const [rows, files] = [await rowCount(), siteFiles()];
      const r = await upload('boom.png', await png(50, 50));
      expect(r.code).toBe(500);
      expect(await rowCount()).toBe(rows);
      expect(siteFiles()).toEqual(files);
    } finally {
      await ts.database.db.execute(sql.raw('drop trigger castanea_fail_boom on cms_resource'));
      await ts.database.db.execute(sql.raw('drop function castanea_fail_boom()'));
    }
  });
});

describe('public paths are confined', () => {
  it('answers 404 for traversal, other shapes and other sites', async () => {
    const [row] = (await ok('GET', '/cms/resource/list?resourceType=image')).rows;
    for (const url of [
      '/demo/resources/../../../etc/passwd', '/demo/resources/..%2f..%2f..%2fetc%2fpasswd', '/demo/resources/%2e%2e/%2e%2e/x.png',
      '/prod-api/demo/resources/image/..%2F..%2F..%2Fpgdata%2FPG_VERSION', '/demo/resources/image/2020/01/01/1.png',
      `/other/${row.path}`, `/nosuch/${row.path}`, `/demo/${row.path}.html`, '/demo/resources/image/x.svg',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toMatch(/PostgreSQL|root:/);
    }
  });
});

describe('site rights and other sites', () => {
  let viewer = '';
  beforeAll(async () => {
    const menuIds = MENUS.filter((m) => m.perms?.startsWith('cms:resource:')).map((m) => m.menuId);
    const roleId = (await ok('POST', '/system/role', { roleName: 'Librarians', roleKey: 'librarians', dataScope: '5', menuIds })).roleId;
    await ok('POST', '/system/user', { userName: 'librarian', nickName: 'Librarian', deptId: 100, password: 'Library123', roleIds: [roleId] });
    viewer = await ts.loginReady('librarian', 'Library123');
    await ok('POST', '/cms/perms/site', { ownerType: 'Role', owner: roleId, perms: [{ siteId: demo, perms: { View: { granted: true } } }] });
  });

  it('a user with the menu keys but only View on the site may list, not upload, rename or delete', async () => {
    expect((await ts.api('GET', '/cms/resource/list', { token: viewer, headers: siteHeaders() })).data.total).toBe(3);
    expect(await upload('x.png', await png(8, 8), { token: viewer })).toEqual({ code: 403, msg: 'You may not do this on this site (Edit)' });
    const [row] = (await ok('GET', '/cms/resource/list')).rows;
    expect((await ts.api('DELETE', '/cms/resource', { token: viewer, headers: siteHeaders(), body: [row.resourceId] })).code).toBe(403);
    expect((await ts.api('PUT', '/cms/resource', { token: viewer, headers: siteHeaders(), body: { resourceId: row.resourceId, name: 'x' } })).code).toBe(403);
  });

  it('another site\'s resource is "not found" for read, download, rename and delete', async () => {
    const [row] = (await ok('GET', '/cms/resource/list')).rows;
    const as = { token: ts.admin, headers: siteHeaders(other) };
    const notFound = { code: 500, msg: 'The record does not exist or is out of your reach' };
    expect(await ts.api('GET', `/cms/resource/${row.resourceId}`, as)).toEqual(notFound);
    expect(await ts.api('GET', `/cms/resource/download/${row.resourceId}`, as)).toEqual(notFound);
    expect(await ts.api('PUT', '/cms/resource', { ...as, body: { resourceId: row.resourceId, name: 'x' } })).toEqual(notFound);
    expect(await ts.api('DELETE', '/cms/resource', { ...as, body: [row.resourceId] })).toEqual(notFound);
  });
});

describe('watermark and delete', () => {
  it('stamps the chosen library image where the settings say, at most ratio% of the image', async () => {
    const mark = (await upload('mark.png', await png(200, 200, '#ff0000'))).data;
    const bad = await ts.api('POST', '/cms/setting/watermark', { token: ts.admin, headers: siteHeaders(), body: { ImageWatermark: 'Y' } });
    expect(bad.msg).toBe('Watermark image cannot be empty');
    await ok('POST', '/cms/setting/watermark', { ImageWatermark: 'Y', WatermarkImage: String(mark.resourceId), WatermarkRatio: '25', WatermarkPosition: 'BOTTOM_LEFT', WatermarkOpacity: '1' });
    const photo = (await upload('photo.png', await png(400, 200, '#0000ff'))).data;
    const { data, info } = await sharp((await get(photo.src)).rawPayload).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    // 25% of 400 × 200 is 100 × 50: a 200 × 200 mark becomes 50 × 50 in the bottom-left corner.
    expect(at(10, 190)).toEqual([255, 0, 0]);
    expect(at(45, 155)).toEqual([255, 0, 0]);
    expect(at(55, 190)).toEqual([0, 0, 255]);
    expect(at(10, 140)).toEqual([0, 0, 255]);
    expect(at(390, 10)).toEqual([0, 0, 255]);
    // The mark cannot be deleted while it is the watermark.
    expect((await ts.api('DELETE', '/cms/resource', { token: ts.admin, headers: siteHeaders(), body: [mark.resourceId] })).msg).toBe('This image is the site\'s watermark; choose another watermark before deleting it');
    await ok('POST', '/cms/setting/watermark', { ImageWatermark: 'N', WatermarkImage: '' });
  });

  it('deleting removes the row, the object and its thumbnail', async () => {
    const [row] = (await ok('GET', '/cms/resource/list?name=photo')).rows;
    expect(siteFiles()).toContain(row.path);
    await ok('DELETE', '/cms/resource', [row.resourceId]);
    expect(siteFiles()).not.toContain(row.path);
    expect(siteFiles()).not.toContain(row.thumbnail);
    expect((await get(row.src)).statusCode).toBe(404);
  });

  it('deleting a site removes its stored resources', async () => {
    const r = await upload('x.png', await png(20, 20), { siteId: other });
    expect(r.code).toBe(200);
    // The site's folder also holds its default theme's templates; one file is the resource.
    expect(siteFiles('other').filter((f) => f.startsWith('resources/')).length).toBe(1);
    await ok('DELETE', `/cms/site/${other}`);
    expect(siteFiles('other')).toEqual([]);
  });
});
