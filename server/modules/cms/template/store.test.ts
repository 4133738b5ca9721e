import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../core/errors.ts';
import {
  deleteTemplateFile, listTemplateFiles, loadTemplateTree, readTemplateFile, renameTemplateFile, templateRoot, writeTemplateFile,
} from './store.ts';

// Issue 11 "Bad input": names with ../, ..\, %2e%2e, absolute paths and NUL bytes, and symbolic
// links planted in the template folder, are all refused; nothing outside the pipe's folder is read
// or written.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-templates-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const secretDir = join(dataDir, 'secret');
mkdirSync(secretDir);
writeFileSync(join(secretDir, 'passwd.template.html'), 'root:x:0:0');

async function failure(p: Promise<unknown>): Promise<string> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err, 'expected a refusal').toBeInstanceOf(AppError);
  return (err as AppError).key;
}

function freshRoot(site: string) {
  const root = templateRoot(dataDir, site, 'pc');
  mkdirSync(root, { recursive: true });
  return root;
}

describe('template names', () => {
  const root = freshRoot('names');
  writeFileSync(join(root, 'index.template.html'), 'home');

  it.each([
    '../secret/passwd.template.html',
    '..\\secret\\passwd.template.html',
    '%2e%2e/secret/passwd.template.html',
    '%2E%2E%2Fsecret%2Fpasswd.template.html',
    `${secretDir}/passwd.template.html`,
    '/etc/passwd',
    'index.template.html\0.png',
    'a/./index.template.html',
    'a//index.template.html',
    'index.html',
    'in dex.template.html',
    'index-1.template.html',
    '',
  ])('refuses %j for read, write, rename and delete', async (name) => {
    expect(await failure(readTemplateFile(root, name))).toBe('template.badName');
    expect(await failure(writeTemplateFile(root, name, 'x', { create: true }))).toBe('template.badName');
    expect(await failure(renameTemplateFile(root, 'index.template.html', name))).toBe('template.badName');
    expect(await failure(deleteTemplateFile(root, name))).toBe('template.badName');
    expect(readFileSync(join(secretDir, 'passwd.template.html'), 'utf8')).toBe('root:x:0:0');
  });

  it('refuses site paths and pipe codes that are not plain codes', () => {
    expect(() => templateRoot(dataDir, '../x', 'pc')).toThrow(AppError);
    expect(() => templateRoot(dataDir, 'site', '../pc')).toThrow(AppError);
  });
});

describe('symbolic links in the template folder', () => {
  it('refuses a link to a file outside, for reading and writing through it', async () => {
    const root = freshRoot('linkfile');
    symlinkSync(join(secretDir, 'passwd.template.html'), join(root, 'evil.template.html'));
    expect(await failure(readTemplateFile(root, 'evil.template.html'))).toBe('template.symlink');
    expect(await failure(writeTemplateFile(root, 'evil.template.html', 'pwned'))).toBe('template.symlink');
    expect(await failure(deleteTemplateFile(root, 'evil.template.html'))).toBe('template.symlink');
    expect(readFileSync(join(secretDir, 'passwd.template.html'), 'utf8')).toBe('root:x:0:0');
    expect((await listTemplateFiles(root)).map((f) => f.path)).toEqual([]);
  });

  it('refuses a linked folder, for reads, creates and renames into it', async () => {
    const root = freshRoot('linkdir');
    symlinkSync(secretDir, join(root, 'common'));
    writeFileSync(join(root, 'index.template.html'), 'x');
    expect(await failure(readTemplateFile(root, 'common/passwd.template.html'))).toBe('template.symlink');
    expect(await failure(writeTemplateFile(root, 'common/new.template.html', 'x', { create: true }))).toBe('template.symlink');
    expect(await failure(renameTemplateFile(root, 'index.template.html', 'common/moved.template.html'))).toBe('template.symlink');
    expect(readdirSync(secretDir)).toEqual(['passwd.template.html']);
    expect((await loadTemplateTree(root)).has('common/passwd.template.html')).toBe(false);
  });

  it('refuses a pipe folder that is itself a link', async () => {
    const siteDir = join(dataDir, 'sites', 'linkroot', 'template');
    mkdirSync(siteDir, { recursive: true });
    symlinkSync(secretDir, join(siteDir, 'pc'));
    const root = templateRoot(dataDir, 'linkroot', 'pc');
    expect(await failure(readTemplateFile(root, 'passwd.template.html'))).toBe('template.symlink');
    expect(await failure(listTemplateFiles(root))).toBe('template.symlink');
  });
});

describe('template files', () => {
  it('creates, saves, lists, renames into folders and deletes, leaving no empty folder or temporary file', async () => {
    const root = templateRoot(dataDir, 'crud', 'pc');
    await writeTemplateFile(root, 'list/news.template.html', '{{ Site.name }}', { create: true });
    expect(await failure(writeTemplateFile(root, 'list/news.template.html', '', { create: true }))).toBe('template.exists');
    await writeTemplateFile(root, 'list/news.template.html', 'saved');
    expect(await readTemplateFile(root, 'list/news.template.html')).toBe('saved');
    expect(await failure(writeTemplateFile(root, 'missing.template.html', 'x'))).toBe('template.notFound');

    await writeTemplateFile(root, 'index.template.html', 'home', { create: true });
    expect(await failure(renameTemplateFile(root, 'list/news.template.html', 'index.template.html'))).toBe('template.exists');
    await renameTemplateFile(root, 'list/news.template.html', 'a/b/news.template.html');
    expect(existsSync(join(root, 'list'))).toBe(false);
    const files = await listTemplateFiles(root);
    expect(files.map((f) => f.path)).toEqual(['a/b/news.template.html', 'index.template.html']);
    expect(files[0]).toMatchObject({ fileSize: 5 });

    await deleteTemplateFile(root, 'a/b/news.template.html');
    expect(existsSync(join(root, 'a'))).toBe(false);
    expect(readdirSync(root)).toEqual(['index.template.html']);
    expect(await failure(readTemplateFile(root, 'a/b/news.template.html'))).toBe('template.notFound');
  });

  it('refuses a template larger than 512 KiB', async () => {
    const root = freshRoot('large');
    expect(await failure(writeTemplateFile(root, 'big.template.html', 'x'.repeat(512 * 1024 + 1), { create: true }))).toBe('template.tooLarge');
  });

  it('lists only templates: other files and names outside the rules are not templates', async () => {
    const root = freshRoot('mixed');
    writeFileSync(join(root, 'index.template.html'), '1');
    writeFileSync(join(root, 'notes.txt'), '2');
    writeFileSync(join(root, 'bad-name.template.html'), '3');
    mkdirSync(join(root, 'x y'));
    writeFileSync(join(root, 'x y', 'a.template.html'), '4');
    expect([...(await loadTemplateTree(root)).keys()]).toEqual(['index.template.html']);
  });
});
