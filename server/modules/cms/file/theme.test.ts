import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { multipartBody } from '../../common/test-multipart.ts';
import { buildZip, deflatedPart, zeroBomb } from '../../../core/test-zip.ts';
import { cmsSite } from '../schema.ts';
import { png } from '../resource/test-files.ts';

// Issue 11 §2 "Theme export and import (zip only)": a site's templates and static files out as a
// zip and into another site; every unsafe archive refused before anything of it lands.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-theme-'));
const ts = useTestServer({ config: { dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const H = { repeatsubmit: 'false', 'accept-language': 'en' };

let demo = 0;
let shop = 0;
const siteHeaders = (siteId: number) => ({ ...H, CurrentSite: String(siteId) });

async function ok(method: string, path: string, body: unknown, siteId: number) {
  const r = await ts.api(method, path, { token: ts.admin, body, headers: siteHeaders(siteId) });
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
async function uploadFile(siteId: number, dir: string, name: string, content: Buffer) {
  const body = multipartBody('file', name, content, { fields: { dir } });
  const r = (await ts.server.app.inject({ method: 'POST', url: '/prod-api/cms/file/upload', payload: body.payload, headers: { ...body.headers, ...siteHeaders(siteId), authorization: `Bearer ${ts.admin}` } })).json();
  expect(r.code, r.msg).toBe(200);
}
async function exportOf(siteId: number) {
  const res = await ts.server.app.inject({ method: 'POST', url: '/prod-api/cms/site/exportTheme', headers: { ...siteHeaders(siteId), authorization: `Bearer ${ts.admin}` } });
  expect(res.headers['content-type']).toBe('application/zip');
  return { zip: res.rawPayload, name: decodeURIComponent(String(res.headers['download-filename'])) };
}
async function importInto(siteId: number, zip: Buffer, name = 'theme.zip') {
  const body = multipartBody('file', name, zip);
  return (await ts.server.app.inject({ method: 'POST', url: '/prod-api/cms/site/importTheme', payload: body.payload, headers: { ...body.headers, ...siteHeaders(siteId), authorization: `Bearer ${ts.admin}` } })).json();
}
/** Every file below a site's template and static folders, with its content. */
function filesOf(site: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const tree of ['template', 'static']) {
    const root = join(dataDir, 'sites', site, tree);
    if (!existsSync(root)) continue;
    for (const d of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (d.isFile()) out[`${tree}/${join(d.parentPath, d.name).slice(root.length + 1)}`] = readFileSync(join(d.parentPath, d.name)).toString('base64');
    }
  }
  return out;
}
async function namesIn(zip: Buffer): Promise<string[]> {
  const z = await yauzl.fromBufferPromise(zip);
  const out: string[] = [];
  for await (const e of z.eachEntry()) out.push(e.fileName);
  return out.sort();
}
/** A zip made by a well-behaved writer (yazl), with the manifest unless told otherwise. */
async function zipOf(files: Record<string, Buffer | string>, opts: { manifest?: boolean; modes?: Record<string, number> } = {}): Promise<Buffer> {
  const z = new yazl.ZipFile();
  if (opts.manifest !== false) z.addBuffer(Buffer.from(JSON.stringify({ format: 'castanea-theme', version: 1 })), 'theme.json');
  for (const [name, content] of Object.entries(files)) z.addBuffer(Buffer.from(content), name, opts.modes?.[name] ? { mode: opts.modes[name] } : {});
  z.end();
  const chunks: Buffer[] = [];
  for await (const c of z.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
const manifestPart = () => deflatedPart('theme.json', JSON.stringify({ format: 'castanea-theme', version: 1 }));

beforeAll(async () => {
  demo = (await ts.database.db.select().from(cmsSite).where(eq(cmsSite.path, 'demo')))[0]!.siteId;
  shop = (await ok('POST', '/cms/site', { name: 'Shop', path: 'shop' }, demo)).siteId;
  // Sites start with the default theme; these tests start from empty template folders.
  for (const path of ['demo', 'shop']) rmSync(join(dataDir, 'sites', path, 'template'), { recursive: true, force: true });
  // demo's theme: templates in folders, a stylesheet, a script and an image.
  await ok('POST', '/cms/file/add', { dir: 'pc/template', fileName: 'index.template.html', isDirectory: false }, demo);
  await ok('POST', '/cms/file/edit', { filePath: 'pc/template/index.template.html', fileContent: '<h1>{{ Site.name }}</h1>' }, demo);
  await ok('POST', '/cms/file/add', { dir: 'pc/template', fileName: 'list', isDirectory: true }, demo);
  await ok('POST', '/cms/file/add', { dir: 'pc/template/list', fileName: 'news.template.html', isDirectory: false }, demo);
  await ok('POST', '/cms/file/add', { dir: 'pc/css', fileName: 'site.css', isDirectory: false }, demo);
  await ok('POST', '/cms/file/edit', { filePath: 'pc/css/site.css', fileContent: 'body{margin:0}' }, demo);
  await uploadFile(demo, 'pc/images', 'logo.png', await png(6, 6));
  // shop has a theme of its own, which an import replaces.
  await ok('POST', '/cms/file/add', { dir: 'pc/css', fileName: 'old.css', isDirectory: false }, shop);
});

describe('theme export and import', () => {
  it('exports the templates and static files of every pipe, named as the file manager names them', async () => {
    const { zip, name } = await exportOf(demo);
    expect(name).toMatch(/^theme_demo_\d{8}\.zip$/);
    expect(await namesIn(zip)).toEqual([
      'pc/css/site.css', 'pc/images/logo.png', 'pc/template/index.template.html', 'pc/template/list/news.template.html', 'theme.json',
    ]);
  });

  it('imports it into another site: that site\'s pipe then holds exactly the same files', async () => {
    const { zip } = await exportOf(demo);
    expect(await importInto(shop, zip)).toMatchObject({ code: 200, data: { pipes: ['pc'], files: 4 } });
    expect(filesOf('shop')).toEqual(filesOf('demo'));
    expect(existsSync(join(dataDir, 'sites', 'shop', 'static', 'pc', 'css', 'old.css'))).toBe(false);
    // No staging or swapped-out folder is left behind.
    expect(readdirSync(join(dataDir, 'sites', 'shop')).sort()).toEqual(['static', 'template']);
    expect(readdirSync(join(dataDir, 'sites', 'shop', 'static')).sort()).toEqual(['pc']);
  });

  describe('refuses, leaving the site as it was', () => {
    let before: Record<string, string> = {};
    beforeAll(() => {
      before = filesOf('shop');
    });
    const refuses = async (zip: Buffer, msg: string | RegExp, name?: string) => {
      const r = await importInto(shop, zip, name);
      expect(r.code).toBe(500);
      if (typeof msg === 'string') expect(r.msg).toBe(msg);
      else expect(r.msg).toMatch(msg);
      expect(filesOf('shop')).toEqual(before);
      expect(readdirSync(join(dataDir, 'sites', 'shop')).sort()).toEqual(['static', 'template']);
      expect(existsSync(join(dataDir, 'evil.txt')) || existsSync(join(dataDir, 'sites', 'evil.txt')) || existsSync('/tmp/evil.txt')).toBe(false);
    };

    it.each([
      ['../evil.txt'], ['../../evil.txt'], ['pc/../../evil.txt'], ['pc/css/../../../../evil.txt'], ['/tmp/evil.txt'], ['\\tmp\\evil.txt'],
      ['..\\..\\evil.txt'], ['pc\\..\\..\\evil.txt'], ['C:/evil.txt'], ['C:\\evil.txt'], ['pc/./css/evil.txt'],
    ])('a zip-slip or absolute entry name %j', async (entry) => {
      await refuses(buildZip([manifestPart(), deflatedPart('pc/css/ok.css', 'a{}'), deflatedPart(entry, 'evil')]), `The archive holds "${entry}", a name that points outside the site (absolute, or with ..); nothing was imported`);
    });

    it('an encoded or otherwise invalid name', async () => {
      await refuses(buildZip([manifestPart(), deflatedPart('pc/%2e%2e/evil.css', 'a{}')]), 'The archive holds "pc/%2e%2e/evil.css", which is not a valid site file (name, type or content); nothing was imported');
      await refuses(buildZip([manifestPart(), deflatedPart('pc/css/evil\u0000.css', 'a{}')]), /a name that points outside the site/);
      await refuses(buildZip([manifestPart(), deflatedPart('pc/css/x.svg', '<svg/>')]), /"pc\/css\/x\.svg", which is not a valid site file/);
      await refuses(buildZip([manifestPart(), deflatedPart('pc/template/notes.txt', 'x')]), /"pc\/template\/notes\.txt", which is not a valid site file/);
    });

    it('a symbolic link entry', async () => {
      await refuses(await zipOf({ 'pc/css/ok.css': 'a{}', 'pc/css/link.css': '/etc/passwd' }, { modes: { 'pc/css/link.css': 0o120777 } }), 'The archive holds "pc/css/link.css", a symbolic link; nothing was imported');
    });

    it('too many entries', async () => {
      const files = Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [`pc/css/f${i}.css`, 'a{}']));
      await refuses(await zipOf(files), 'The archive holds too many files (at most 2000)');
    });

    it('an archive that unpacks to more than the limit (declared), or lies about its sizes (a bomb)', async () => {
      // 201 MiB of zeros in about 200 KiB, declared honestly: refused from the directory alone.
      const honest = { name: 'pc/css/huge.css', data: zeroBomb(201), method: 8 as const, size: 201 * 1024 * 1024 };
      await refuses(buildZip([manifestPart(), honest]), 'The archive unpacks to more than 200 MB');
      // The same bomb declaring 10 bytes: unpacking stops at the declared size.
      await refuses(buildZip([manifestPart(), { ...honest, size: 10 }]), /"pc\/css\/huge\.css", which is not a valid site file/);
      // A single file beyond the upload limit.
      await refuses(buildZip([manifestPart(), { name: 'pc/js/big.js', data: zeroBomb(11), method: 8, size: 11 * 1024 * 1024 }]), '"pc/js/big.js" in the archive is larger than 10240 KB');
    });

    it('an archive larger than 50 MB, and anything that is not a zip', async () => {
      await refuses(Buffer.alloc(50 * 1024 * 1024 + 1, 1), 'A theme archive cannot exceed 50 MB');
      await refuses(Buffer.from('not a zip at all'), 'A theme must be a .zip archive');
      await refuses(await zipOf({ 'pc/css/a.css': 'a{}' }), 'A theme must be a .zip archive', 'theme.tar');
    });

    it('an archive without the theme description, or of a pipe the site lacks', async () => {
      await refuses(await zipOf({ 'pc/css/a.css': 'a{}' }, { manifest: false }), 'This is not a theme archive: theme.json is missing or does not describe a theme');
      await refuses(await zipOf({ 'h5/css/a.css': 'a{}' }), 'The archive holds files of publish pipe "h5", which this site does not have');
    });

    it('a file whose content is not what its name says, even after others were fine', async () => {
      await refuses(await zipOf({ 'pc/css/a.css': 'a{}', 'pc/images/fake.png': '<!DOCTYPE html><script>alert(1)</script>' }), 'The content of "pc/images/fake.png" is not a .png file');
    });
  });
});
