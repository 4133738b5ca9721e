import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../../tests/helpers/server.ts';
import { createUser } from '../auth/test-fixtures.ts';
import { sysConfig } from '../system/schema.ts';
import { sysOperLog } from '../monitor/schema.ts';
import { multipartBody, pngBytes } from './test-multipart.ts';
import { datePath } from './storage.ts';

let ts: TestServer;
let token: string;
let dataDir: string;

const upload = async (filename: string, content: Buffer, opts: { field?: string; token?: string | null; headers?: Record<string, string> } = {}) => {
  const body = multipartBody(opts.field ?? 'file', filename, content);
  const auth: Record<string, string> = opts.token === null ? {} : { authorization: `Bearer ${opts.token ?? token}` };
  const res = await ts.server.app.inject({ method: 'POST', url: '/prod-api/common/upload', payload: body.payload, headers: { ...body.headers, ...auth, ...opts.headers } });
  return res.json();
};
const get = (url: string, headers: Record<string, string> = {}) => ts.server.app.inject({ method: 'GET', url, headers });
const download = (path: string, t: string | null = token) =>
  get(`/prod-api/common/download?path=${encodeURIComponent(path)}`, t ? { authorization: `Bearer ${t}` } : {});

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'castanea-upload-'));
  ts = await startTestServer({ config: { dataDir } });
  await createUser(ts.database.db, 'uma', { password: 'Uma12345' });
  token = (await ts.api('POST', '/login', { body: { username: 'uma', password: 'Uma12345' } })).data;
});
afterAll(async () => {
  await ts?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('POST /common/upload', () => {
  it('stores the file under upload/yyyy/MM/dd/<uuid>.<ext> and answers its public name', async () => {
    const r = await upload('Report 2024.pdf', Buffer.from('%PDF-1.4 hello'));
    expect(r.code).toBe(200);
    expect(r.data.originalFilename).toBe('Report 2024.pdf');
    expect(r.data.fileName).toMatch(new RegExp(`^/profile/upload/${datePath()}/[0-9a-f]{32}\\.pdf$`));
    expect(r.data.url).toBe(r.data.fileName);
    const onDisk = join(dataDir, r.data.fileName.replace('/profile/', ''));
    expect(readFileSync(onDisk, 'utf8')).toBe('%PDF-1.4 hello');
    // the operation log names the upload; no temporary file is left behind
    const [log] = await ts.database.db.select().from(sysOperLog).orderBy(desc(sysOperLog.operId)).limit(1);
    expect(log).toMatchObject({ title: 'oplog.upload', operName: 'uma', status: '0' });
    expect(readdirSync(join(dataDir, 'upload', datePath())).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('accepts an image whose content is an image, and the same file twice in a row', async () => {
    expect((await upload('a.png', pngBytes())).code).toBe(200);
    expect((await upload('a.png', pngBytes())).code).toBe(200);
  });

  it('refuses executable or markup types, whatever the content', async () => {
    for (const name of ['page.html', 'x.htm', 'logo.svg', 'app.js', 'run.sh', 'noext', 'a.php', '.png']) {
      const r = await upload(name, Buffer.from('<html><script>alert(1)</script></html>'), { headers: { repeatsubmit: 'false' } });
      expect(r.code, name).toBe(500);
    }
    const en = await upload('page.html', Buffer.from('x'), { headers: { 'accept-language': 'en' } });
    expect(en.msg).toMatch(/^The file format is incorrect; please upload a jpg, jpeg, png/);
  });

  it('refuses an image whose content is not that image, and markup renamed to a document', async () => {
    const fake = await upload('photo.jpg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(fake).toEqual({ code: 500, msg: '文件内容与扩展名 jpg 不符' });
    expect((await upload('photo.jpg', pngBytes())).code).toBe(500);
    expect((await upload('notes.doc', Buffer.from('<!DOCTYPE html><html></html>'))).code).toBe(500);
    // plain text may well contain angle brackets; it is served as text/plain with nosniff
    expect((await upload('notes.txt', Buffer.from('<html> is a tag'))).code).toBe(200);
  });

  it('refuses an empty file, a file over the limit, and a request without the file field', async () => {
    expect(await upload('empty.txt', Buffer.alloc(0))).toEqual({ code: 500, msg: '上传的文件是空的' });
    const big = await upload('big.zip', Buffer.alloc(10 * 1024 * 1024 + 1, 7));
    expect(big).toEqual({ code: 500, msg: '上传文件大小不能超过 10 MB' });
    expect((await upload('ok.txt', Buffer.from('x'), { field: 'other' })).code).toBe(500);
    const json = await ts.api('POST', '/common/upload', { token, body: { file: 'x' } });
    expect(json.code).toBe(500);
    // nothing of the refused uploads stayed on disk
    const day = join(dataDir, 'upload', datePath());
    expect(readdirSync(day).some((f) => f.endsWith('.zip') || f.endsWith('.part') || f.endsWith('.html'))).toBe(false);
  });

  it('takes the size limit from sys_config sys.upload.maxSizeMB', async () => {
    await ts.database.db.insert(sysConfig).values({ configName: 'Upload limit', configKey: 'sys.upload.maxSizeMB', configValue: '0.5' });
    expect((await upload('k.txt', Buffer.alloc(600 * 1024, 65))).msg).toBe('上传文件大小不能超过 0.5 MB');
    expect((await upload('k.txt', Buffer.alloc(400 * 1024, 65))).code).toBe(200);
    const { eq } = await import('drizzle-orm');
    await ts.database.db.delete(sysConfig).where(eq(sysConfig.configKey, 'sys.upload.maxSizeMB'));
  });

  it('needs a session', async () => {
    expect((await upload('a.txt', Buffer.from('x'), { token: null })).code).toBe(401);
  });
});

describe('GET /common/download', () => {
  it('streams an uploaded file with its name in download-filename', async () => {
    const up = await upload('data.csv', Buffer.from('a,b\n1,2\n'));
    const res = await download(up.data.fileName);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('a,b\n1,2\n');
    const name = up.data.fileName.split('/').pop();
    expect(res.headers['download-filename']).toBe(encodeURIComponent(name));
    expect(res.headers['content-disposition']).toContain('attachment');
    // a path relative to the upload root works too
    expect((await download(up.data.fileName.replace('/profile/upload/', ''))).body).toBe('a,b\n1,2\n');
  });

  it('refuses paths outside the upload root, and missing files, with a JSON envelope', async () => {
    writeFileSync(join(dataDir, 'secret.txt'), 'top secret');
    for (const path of ['../secret.txt', '/profile/upload/../secret.txt', '/profile/upload/../../etc/passwd', '/etc/passwd', join(dataDir, 'secret.txt'), '..\\secret.txt', '%2e%2e/secret.txt', '', 'a/../../secret.txt']) {
      const res = await download(path);
      expect(res.json().code, path).toBe(500);
      expect(res.body, path).not.toContain('top secret');
    }
    expect((await download('/profile/upload/2000/01/01/none.txt')).json()).toEqual({ code: 500, msg: '文件不存在' });
    expect((await download('/profile/upload/2000/01/01/none.txt', null)).json().code).toBe(401);
  });
});

describe('public /profile/upload/**', () => {
  it('serves uploads read-only with nosniff, confined to the upload root, without listings', async () => {
    const up = await upload('pic.png', pngBytes(100));
    for (const base of ['', '/prod-api']) {
      const res = await get(`${base}${up.data.fileName}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain('sandbox');
    }
    const zip = await upload('a.zip', Buffer.from('PK\u0003\u0004zip'));
    expect((await get(zip.data.fileName)).headers['content-disposition']).toContain('attachment');
    expect((await get(`/profile/upload/${datePath()}/`)).statusCode).toBe(404);
    expect((await get('/profile/upload/')).statusCode).toBe(404);
    expect((await get('/profile/upload/../secret.txt')).statusCode).toBe(404);
    expect((await get('/profile/upload/%2e%2e/secret.txt')).statusCode).toBe(404);
    expect((await get('/profile/upload/..%2fsecret.txt')).statusCode).toBe(404);
    expect((await get('/profile/pgdata/PG_VERSION')).statusCode).toBe(404);
    expect(existsSync(join(dataDir, 'secret.txt'))).toBe(true);
    expect((await ts.server.app.inject({ method: 'POST', url: up.data.fileName })).statusCode).toBe(404);
  });
});

describe('what /profile/upload/** serves (issue #8)', () => {
  it('serves nothing a browser would run: text as text, documents as attachments, never SVG or HTML', async () => {
    const txt = await upload('notes.txt', Buffer.from('<script>alert(1)</script> is just text'));
    const res = await get(txt.data.fileName);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBeUndefined();
    const csv = await upload('table.csv', Buffer.from('a,b'), { headers: { repeatsubmit: 'false' } });
    expect((await get(csv.data.fileName)).headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''/);
    // Markup that reached the upload folder some other way is still not served.
    const dir = join(dataDir, 'upload', datePath());
    for (const name of ['page.html', 'logo.svg', 'x.xml', 'app.js']) {
      writeFileSync(join(dir, name), '<svg onload="alert(1)"/>');
      expect((await get(`/profile/upload/${datePath()}/${name}`)).statusCode, name).toBe(404);
    }
  });

  it('may be embedded by published pages on other sites, but not framed by them', async () => {
    const up = await upload('banner.png', pngBytes(80), { headers: { repeatsubmit: 'false' } });
    const res = await get(up.data.fileName);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });
});
