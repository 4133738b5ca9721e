import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { multipartBody } from '../../common/test-multipart.ts';
import { MENUS } from '../../shipped.ts';
import { cmsSite } from '../schema.ts';
import { HTML_AS_PNG, png, SVG_WITH_SCRIPT } from '../resource/test-files.ts';

// Issue 11 §2 "Files": the site file manager over each pipe's template and static folders,
// confined to the site's folders whatever the path says.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-files-'));
const outside = mkdtempSync(join(tmpdir(), 'castanea-outside-'));
const ts = useTestServer({ config: { dataDir } });
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});
const H = { repeatsubmit: 'false', 'accept-language': 'en' };

let demo = 0;
const siteHeaders = (siteId = demo) => ({ ...H, CurrentSite: String(siteId) });
const staticDir = (site = 'demo', pipe = 'pc') => join(dataDir, 'sites', site, 'static', pipe);
const templateDir = (site = 'demo', pipe = 'pc') => join(dataDir, 'sites', site, 'template', pipe);

async function call(method: string, path: string, body?: unknown, o: { token?: string; siteId?: number; query?: Record<string, string> } = {}) {
  return ts.api(method, path, { token: o.token ?? ts.admin, body, query: o.query, headers: siteHeaders(o.siteId) });
}
async function ok(method: string, path: string, body?: unknown, o: Parameters<typeof call>[3] = {}) {
  const r = await call(method, path, body, o);
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
async function uploadTo(dir: string, fileName: string, content: Buffer, o: { token?: string; siteId?: number; overwrite?: boolean } = {}) {
  const body = multipartBody('file', fileName, content, { fields: { dir, ...(o.overwrite ? { overwrite: 'true' } : {}) } });
  const res = await ts.server.app.inject({
    method: 'POST', url: '/prod-api/cms/file/upload', payload: body.payload,
    headers: { ...body.headers, ...siteHeaders(o.siteId), authorization: `Bearer ${o.token ?? ts.admin}` },
  });
  return res.json();
}
const names = (rows: { fileName: string }[]) => rows.map((r) => r.fileName);

beforeAll(async () => {
  demo = (await ts.database.db.select().from(cmsSite).where(eq(cmsSite.path, 'demo')))[0]!.siteId;
});

describe('browsing', () => {
  it('shows each pipe with its template folder and the css, js and images folders it starts with', async () => {
    const { tree } = await ok('GET', '/cms/file/directoryTreeData');
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ id: 'pc', label: 'PC' });
    expect(tree[0].children.map((c: { id: string }) => c.id)).toEqual(['pc/template', 'pc/css', 'pc/images', 'pc/js']);
    expect(names(await ok('GET', '/cms/file/list', undefined, { query: { filePath: 'pc' } }))).toEqual(['template', 'css', 'images', 'js']);
    expect(await ok('GET', '/cms/file/list', undefined, { query: { filePath: '' } })).toEqual([expect.objectContaining({ filePath: 'pc', isDirectory: true })]);
    // Nothing about the server's own folders is in the replies.
    expect(JSON.stringify(tree)).not.toContain(dataDir);
  });
});

describe('folders and text files', () => {
  it('makes a folder and a css file, saves and reads it, renames and deletes it', async () => {
    expect(await ok('POST', '/cms/file/add', { dir: 'pc/css', fileName: 'theme', isDirectory: true })).toEqual({ filePath: 'pc/css/theme' });
    await ok('POST', '/cms/file/add', { dir: 'pc/css/theme', fileName: 'site.min.css', isDirectory: false });
    expect(await ok('POST', '/cms/file/read', { filePath: 'pc/css/theme/site.min.css' })).toBe('');
    await ok('POST', '/cms/file/edit', { filePath: 'pc/css/theme/site.min.css', fileContent: 'body { color: #333; }\n' });
    expect(readFileSync(join(staticDir(), 'css/theme/site.min.css'), 'utf8')).toBe('body { color: #333; }\n');
    expect(await ok('POST', '/cms/file/read', { filePath: 'pc/css/theme/site.min.css' })).toBe('body { color: #333; }\n');
    const [row] = await ok('GET', '/cms/file/list', undefined, { query: { filePath: 'pc/css/theme' } });
    expect(row).toMatchObject({ filePath: 'pc/css/theme/site.min.css', fileName: 'site.min.css', isDirectory: false, canEdit: true, fileSize: 22 });
    expect(row.modifyTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    await ok('POST', '/cms/file/rename', { filePath: 'pc/css/theme/site.min.css', rename: 'main.css' });
    expect(names(await ok('GET', '/cms/file/list', undefined, { query: { filePath: 'pc/css/theme' } }))).toEqual(['main.css']);
    await ok('POST', '/cms/file/rename', { filePath: 'pc/css/theme', rename: 'skin' });
    await ok('POST', '/cms/file/delete', [{ filePath: 'pc/css/skin' }]);
    expect(existsSync(join(staticDir(), 'css/skin'))).toBe(false);
  });

  it('creates, saves and reads templates in the pipe\'s template folder (the engine\'s)', async () => {
    await ok('POST', '/cms/file/add', { dir: 'pc/template', fileName: 'list', isDirectory: true });
    await ok('POST', '/cms/file/add', { dir: 'pc/template/list', fileName: 'news.template.html', isDirectory: false });
    await ok('POST', '/cms/file/edit', { filePath: 'pc/template/list/news.template.html', fileContent: '<h1>{{ Catalog.name }}</h1>' });
    expect(readFileSync(join(templateDir(), 'list/news.template.html'), 'utf8')).toBe('<h1>{{ Catalog.name }}</h1>');
    // A template folder holds templates only.
    expect(await call('POST', '/cms/file/add', { dir: 'pc/template', fileName: 'notes.txt', isDirectory: false })).toMatchObject({ code: 500, msg: expect.stringMatching(/template folder holds templates only/) });
  });

  it('refuses names outside the rules, naming the path and the rule', async () => {
    const add = (dir: string, fileName: string, isDirectory = false) => call('POST', '/cms/file/add', { dir, fileName, isDirectory });
    expect(await add('pc/css', 'my-style.css')).toEqual({ code: 500, msg: 'File names use letters, digits and underscores, with a suffix such as .css: "pc/css/my-style.css"' });
    expect(await add('pc/css', 'new folder', true)).toMatchObject({ code: 500, msg: expect.stringMatching(/^Folder names use letters, digits and underscores/) });
    expect((await add('pc/css', 'logo.svg')).msg).toMatch(/^Files of this type cannot be kept here: "pc\/css\/logo.svg"; accepted: html/);
    expect((await add('pc/images', 'a.png')).msg).toBe('Only text files (html, htm, css, js, json, xml, txt) can be created and edited here: "pc/images/a.png"');
    expect((await add('h5/css', 'a.css')).msg).toBe('The site has no publish pipe "h5"');
    expect((await add('pc', 'template', true)).msg).toBe('"pc/template" already exists');
    await ok('POST', '/cms/file/add', { dir: 'pc/js', fileName: 'app.js', isDirectory: false });
    expect((await add('pc/js', 'app.js')).msg).toBe('"pc/js/app.js" already exists');
    expect((await call('POST', '/cms/file/rename', { filePath: 'pc/js/app.js', rename: 'app.html' })).msg).toBe('A file keeps its type when renamed: the new name of "pc/js/app.js" must end in .js too');
    expect((await call('POST', '/cms/file/rename', { filePath: 'pc/template', rename: 'tpl' })).msg).toBe('"pc/template" is a publish pipe\'s folder; it cannot be renamed or deleted');
    expect((await call('POST', '/cms/file/delete', [{ filePath: 'pc' }])).msg).toBe('"pc" is a publish pipe\'s folder; it cannot be renamed or deleted');
  });

  it('refuses a save larger than the editor holds, and a file that is not UTF-8 text', async () => {
    expect((await call('POST', '/cms/file/edit', { filePath: 'pc/js/app.js', fileContent: 'x'.repeat(1024 * 1024 + 1) })).msg).toBe('"pc/js/app.js" is larger than 1024 KB');
    writeFileSync(join(staticDir(), 'js/latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    expect((await call('POST', '/cms/file/read', { filePath: 'pc/js/latin1.txt' })).msg).toBe('"pc/js/latin1.txt" is not UTF-8 text; it cannot be opened in the editor');
  });
});

describe('paths that try to leave the site', () => {
  const probes = ['../demo2/x.css', 'pc/../../x.css', 'pc/css/../../../etc/passwd', 'pc\\..\\..\\x.css', 'pc/css/..\\x.css', 'pc/%2e%2e/x.css', 'pc/css/%2E%2E%2Fx.css',
    '/etc/passwd', '/pc/css/a.css', 'C:/Windows/win.ini', 'pc/css/a\u0000.css', 'pc//css/a.css', 'pc/./css/a.css', '.', '..'];

  it.each(probes)('refuses %j for read, save, add, rename, delete, list and upload', async (probe) => {
    const refused = (r: { code: number }) => expect(r.code, probe).toBe(500);
    refused(await call('POST', '/cms/file/read', { filePath: probe }));
    refused(await call('POST', '/cms/file/edit', { filePath: probe, fileContent: 'x' }));
    refused(await call('POST', '/cms/file/add', { dir: probe, fileName: 'a.css', isDirectory: false }));
    refused(await call('POST', '/cms/file/add', { dir: 'pc/css', fileName: probe, isDirectory: false }));
    refused(await call('POST', '/cms/file/rename', { filePath: 'pc/js/app.js', rename: probe }));
    refused(await call('POST', '/cms/file/delete', [{ filePath: probe }]));
    refused(await call('GET', '/cms/file/list', undefined, { query: { filePath: probe } }));
    refused(await uploadTo(probe, 'a.css', Buffer.from('a{}')));
  });

  it('keeps an upload whose name carries a path in the chosen folder, under its own name, or refuses it', async () => {
    for (const name of ['../x.css', '..\\x.css', '%2e%2e/x.css', '/etc/x.css', '../../../../x.css']) {
      // The multipart reader keeps the last name of a path; what is left must still pass the name rules.
      const r = await uploadTo('pc/css', name, Buffer.from('a{}'), { overwrite: true });
      if (r.code === 200) expect(r.data, name).toEqual({ filePath: 'pc/css/x.css' });
      else expect(r.code, name).toBe(500);
    }
    for (const at of [join(dataDir, 'x.css'), join(dataDir, 'sites', 'x.css'), join(dataDir, 'sites', 'demo', 'x.css'), join(staticDir(), 'x.css'), '/etc/x.css']) expect(existsSync(at), at).toBe(false);
    await ok('POST', '/cms/file/delete', [{ filePath: 'pc/css/x.css' }]);
  });

  it('refuses symbolic links planted inside that point outside, for every operation', async () => {
    writeFileSync(join(outside, 'secret.css'), 'secret{}');
    mkdirSync(join(outside, 'dir'), { recursive: true });
    writeFileSync(join(outside, 'dir', 'inner.css'), 'inner{}');
    symlinkSync(join(outside, 'secret.css'), join(staticDir(), 'css', 'leak.css'));
    symlinkSync(join(outside, 'dir'), join(staticDir(), 'css', 'linked'));
    const symlink = (path: string) => `"${path}" is refused: a symbolic link lies on its way`;
    expect((await call('POST', '/cms/file/read', { filePath: 'pc/css/leak.css' })).msg).toBe(symlink('pc/css/leak.css'));
    expect((await call('POST', '/cms/file/edit', { filePath: 'pc/css/leak.css', fileContent: 'x' })).msg).toBe(symlink('pc/css/leak.css'));
    expect((await call('POST', '/cms/file/read', { filePath: 'pc/css/linked/inner.css' })).msg).toBe(symlink('pc/css/linked/inner.css'));
    expect((await call('POST', '/cms/file/add', { dir: 'pc/css/linked', fileName: 'planted.css', isDirectory: false })).msg).toBe(symlink('pc/css/linked/planted.css'));
    expect((await uploadTo('pc/css/linked', 'up.css', Buffer.from('a{}'))).msg).toBe(symlink('pc/css/linked/up.css'));
    expect((await call('POST', '/cms/file/rename', { filePath: 'pc/css/leak.css', rename: 'other.css' })).msg).toBe(symlink('pc/css/leak.css'));
    expect((await call('POST', '/cms/file/delete', [{ filePath: 'pc/css/linked' }])).msg).toBe(symlink('pc/css/linked'));
    expect((await call('GET', '/cms/file/list', undefined, { query: { filePath: 'pc/css/linked' } })).msg).toBe(symlink('pc/css/linked'));
    // Listings and the tree leave links out.
    expect(names(await ok('GET', '/cms/file/list', undefined, { query: { filePath: 'pc/css' } }))).not.toContain('leak.css');
    expect(JSON.stringify(await ok('GET', '/cms/file/directoryTreeData'))).not.toContain('linked');
    // Nothing outside was read, changed or added.
    expect(readFileSync(join(outside, 'secret.css'), 'utf8')).toBe('secret{}');
    expect(existsSync(join(outside, 'dir', 'planted.css'))).toBe(false);
    expect(existsSync(join(outside, 'dir', 'up.css'))).toBe(false);
    expect(existsSync(join(outside, 'dir', 'inner.css'))).toBe(true);
    rmSync(join(staticDir(), 'css', 'leak.css'));
    rmSync(join(staticDir(), 'css', 'linked'));
  });

  it('refuses a pipe folder, a template folder or a site folder that is itself a link', async () => {
    const site = (await ok('POST', '/cms/site', { name: 'Linked', path: 'linked' })).siteId as number;
    mkdirSync(join(outside, 'static_pc'), { recursive: true });
    mkdirSync(join(dataDir, 'sites', 'linked', 'static'), { recursive: true });
    symlinkSync(join(outside, 'static_pc'), join(dataDir, 'sites', 'linked', 'static', 'pc'));
    // The site was made with the default theme in its template folder: that folder becomes the link.
    rmSync(join(dataDir, 'sites', 'linked', 'template'), { recursive: true, force: true });
    symlinkSync(outside, join(dataDir, 'sites', 'linked', 'template'));
    const msg = (r: { msg: string }) => r.msg;
    expect(msg(await call('POST', '/cms/file/add', { dir: 'pc/css', fileName: 'a.css', isDirectory: false }, { siteId: site }))).toMatch(/symbolic link/);
    expect(msg(await call('POST', '/cms/file/add', { dir: 'pc/template', fileName: 'a.template.html', isDirectory: false }, { siteId: site }))).toMatch(/symbolic link/);
    expect(msg(await call('GET', '/cms/file/directoryTreeData', undefined, { siteId: site }))).toMatch(/symbolic link/);
    expect(existsSync(join(outside, 'static_pc', 'css'))).toBe(false);
    expect(existsSync(join(outside, 'pc'))).toBe(false);
  });
});

describe('uploads', () => {
  it('takes a stylesheet and an image whose bytes are what their names say', async () => {
    expect(await uploadTo('pc/css', 'upload.css', Buffer.from('h1 { margin: 0 }'))).toMatchObject({ code: 200, data: { filePath: 'pc/css/upload.css' } });
    expect(await uploadTo('pc/images', 'logo.png', await png(4, 4))).toMatchObject({ code: 200 });
    expect(readFileSync(join(staticDir(), 'css/upload.css'), 'utf8')).toBe('h1 { margin: 0 }');
  });

  it('refuses content that is not what its name says, SVG, and files too large', async () => {
    expect(await uploadTo('pc/images', 'fake.png', HTML_AS_PNG)).toEqual({ code: 500, msg: 'The content of "fake.png" is not a .png file' });
    expect(await uploadTo('pc/css', 'page.css', HTML_AS_PNG)).toEqual({ code: 500, msg: 'The content of "page.css" is not a .css file' });
    expect(await uploadTo('pc/css', 'image.css', await png(4, 4))).toEqual({ code: 500, msg: 'The content of "image.css" is not a .css file' });
    expect((await uploadTo('pc/images', 'x.svg', SVG_WITH_SCRIPT)).msg).toMatch(/^Files of this type cannot be kept here/);
    expect((await uploadTo('pc/js', 'big.js', Buffer.alloc(10 * 1024 * 1024 + 1, 0x61))).msg).toBe('The uploaded file cannot exceed 10 MB');
    expect(await uploadTo('pc/js', 'empty.js', Buffer.alloc(0))).toEqual({ code: 500, msg: 'The uploaded file is empty' });
    for (const name of ['fake.png', 'page.css', 'image.css', 'x.svg', 'big.js', 'empty.js']) expect(existsSync(join(staticDir(), name.endsWith('png') || name.endsWith('svg') ? 'images' : name.endsWith('js') ? 'js' : 'css', name)), name).toBe(false);
  });

  it('replaces a file of the same name only when asked', async () => {
    expect((await uploadTo('pc/css', 'upload.css', Buffer.from('p{}'))).msg).toBe('"pc/css/upload.css" already exists');
    expect((await uploadTo('pc/css', 'upload.css', Buffer.from('p{}'), { overwrite: true })).code).toBe(200);
    expect(readFileSync(join(staticDir(), 'css/upload.css'), 'utf8')).toBe('p{}');
  });
});

describe('rights', () => {
  let viewer = '';
  let staticEditor = '';
  beforeAll(async () => {
    const fileKeys = MENUS.filter((m) => m.perms?.startsWith('cms:file:')).map((m) => m.menuId);
    const role = async (roleKey: string, menuIds: number[], bits: Record<string, { granted: boolean }>) => {
      const roleId = (await ok('POST', '/system/role', { roleName: roleKey, roleKey, dataScope: '5', menuIds })).roleId;
      await ok('POST', '/system/user', { userName: roleKey, nickName: roleKey, deptId: 100, password: 'Files2026x', roleIds: [roleId] });
      await ok('POST', '/cms/perms/site', { ownerType: 'Role', owner: roleId, perms: [{ siteId: demo, perms: bits }] });
      return ts.loginReady(roleKey, 'Files2026x');
    };
    viewer = await role('file_viewer', fileKeys, { View: { granted: true } });
    staticEditor = await role('file_editor', fileKeys, { View: { granted: true }, Edit: { granted: true } });
  });

  it('with View on the site only, browses and reads but changes nothing', async () => {
    expect(names(await ok('GET', '/cms/file/list', undefined, { token: viewer, query: { filePath: 'pc/css' } }))).toContain('upload.css');
    expect(await ok('POST', '/cms/file/read', { filePath: 'pc/css/upload.css' }, { token: viewer })).toBe('p{}');
    const denied = { code: 403, msg: 'You may not do this on this site (Edit)' };
    expect(await call('POST', '/cms/file/edit', { filePath: 'pc/css/upload.css', fileContent: 'x' }, { token: viewer })).toEqual(denied);
    expect(await call('POST', '/cms/file/add', { dir: 'pc/css', fileName: 'v.css', isDirectory: false }, { token: viewer })).toEqual(denied);
    expect(await call('POST', '/cms/file/delete', [{ filePath: 'pc/css/upload.css' }], { token: viewer })).toEqual(denied);
    expect(await uploadTo('pc/css', 'v.css', Buffer.from('a{}'), { token: viewer })).toEqual(denied);
    expect(readFileSync(join(staticDir(), 'css/upload.css'), 'utf8')).toBe('p{}');
  });

  it('without the template keys, the template folder is neither shown nor open: the file manager is no way around them', async () => {
    expect(names(await ok('GET', '/cms/file/list', undefined, { token: staticEditor, query: { filePath: 'pc' } }))).not.toContain('template');
    const { tree } = await ok('GET', '/cms/file/directoryTreeData', undefined, { token: staticEditor });
    expect(tree[0].children.map((c: { id: string }) => c.id)).not.toContain('pc/template');
    expect((await call('POST', '/cms/file/read', { filePath: 'pc/template/list/news.template.html' }, { token: staticEditor })).code).toBe(403);
    expect((await call('POST', '/cms/file/edit', { filePath: 'pc/template/list/news.template.html', fileContent: 'x' }, { token: staticEditor })).code).toBe(403);
    expect((await call('POST', '/cms/file/delete', [{ filePath: 'pc/template/list' }], { token: staticEditor })).code).toBe(403);
    // Static files are theirs to change.
    await ok('POST', '/cms/file/edit', { filePath: 'pc/css/upload.css', fileContent: 'p{margin:0}' }, { token: staticEditor });
    expect(readFileSync(join(templateDir(), 'list/news.template.html'), 'utf8')).toBe('<h1>{{ Catalog.name }}</h1>');
  });
});

describe('deleting a site', () => {
  it('removes its static files, so a new site of the same folder starts empty', async () => {
    const site = (await ok('POST', '/cms/site', { name: 'Gone', path: 'gone' })).siteId as number;
    await ok('POST', '/cms/file/add', { dir: 'pc/css', fileName: 'gone.css', isDirectory: false }, { siteId: site });
    expect(existsSync(join(staticDir('gone'), 'css/gone.css'))).toBe(true);
    await ok('DELETE', `/cms/site/${site}`);
    expect(existsSync(staticDir('gone'))).toBe(false);
  });
});
