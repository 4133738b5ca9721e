import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFiles } from './write.ts';

// Where generated files may land: below the working tree's root once links are resolved, never
// over an existing file, and nothing at all when any target is refused.
const base = mkdtempSync(join(tmpdir(), 'castanea-gen-write-'));
const root = join(base, 'repo');
const outside = join(base, 'elsewhere');
mkdirSync(root);
mkdirSync(outside);
afterAll(() => rmSync(base, { recursive: true, force: true }));

const key = (p: Promise<unknown>) => p.then(() => 'written', (e: { key?: string }) => e.key);

describe('writing generated files', () => {
  it('writes new files in new folders below the root', async () => {
    expect(await writeFiles(root, { 'a/b/one.ts': 'one', 'a/two.ts': 'two' })).toEqual(['a/b/one.ts', 'a/two.ts']);
    expect(readFileSync(join(root, 'a/b/one.ts'), 'utf8')).toBe('one');
  });

  it('refuses a path leaving the root, by .. or by a link on the way, writing nothing', async () => {
    expect(await key(writeFiles(root, { 'ok.ts': 'x', '../escape.ts': 'x' }))).toBe('gen.outsideRoot');
    symlinkSync(outside, join(root, 'link'));
    expect(await key(writeFiles(root, { 'fine.ts': 'x', 'link/inside-out.ts': 'x' }))).toBe('gen.outsideRoot');
    expect(await key(writeFiles(root, { 'link/deeper/new.ts': 'x' }))).toBe('gen.outsideRoot');
    expect([existsSync(join(root, 'ok.ts')), existsSync(join(root, 'fine.ts')), existsSync(join(outside, 'inside-out.ts')), existsSync(join(outside, 'deeper'))]).toEqual([false, false, false, false]);
  });

  it('never replaces a file, nor follows a link where a file would go', async () => {
    writeFileSync(join(outside, 'target.ts'), 'theirs');
    symlinkSync(join(outside, 'target.ts'), join(root, 'a/planted.ts'));
    expect(await key(writeFiles(root, { 'a/new.ts': 'x', 'a/planted.ts': 'mine' }))).toBe('gen.exists');
    expect(await key(writeFiles(root, { 'a/two.ts': 'again' }))).toBe('gen.exists');
    expect([readFileSync(join(outside, 'target.ts'), 'utf8'), readFileSync(join(root, 'a/two.ts'), 'utf8'), existsSync(join(root, 'a/new.ts'))]).toEqual(['theirs', 'two', false]);
  });
});
