import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from './client.ts';
import { lockDataFolder, type LockHolder } from './data-lock.ts';
import { sysUser } from '../modules/system/schema.ts';

// A PGlite data folder is one process's at a time: a second process opening it corrupted the
// cluster for good. The second opener is refused, naming the process that holds the folder; a
// lock left by a killed process is taken over.
const work = mkdtempSync(join(tmpdir(), 'castanea-lock-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let n = 0;
const folder = () => mkdtempSync(join(work, `d${n++}-`));
const lockFile = (dir: string) => join(dir, 'pgdata.lock');
const holderOf = (dir: string) => JSON.parse(readFileSync(lockFile(dir), 'utf8')) as LockHolder;
const writeLock = (dir: string, holder: Partial<LockHolder>, name = 'pgdata.lock') =>
  writeFileSync(join(dir, name), JSON.stringify({ host: hostname(), token: 'old', ...holder }));
/** A pid no process has any more. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;
const inUse = (dir: string, pid: number) => `The data folder ${dir} is in use by process ${pid} (another Castanea server?). Stop it first, or set DATA_DIR to another folder.`;

/** A Node process running `script` (an ES module); `line` waits for a line of its output matching. */
function run(script: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => child.once('exit', (code) => resolve({ code, stderr: err })));
  const line = (match: RegExp) => new Promise<string>((resolve, reject) => {
    const check = () => {
      const found = out.split('\n').find((l) => match.test(l));
      if (found !== undefined) resolve(found);
    };
    child.stdout!.on('data', check);
    check();
    void exited.then(({ code, stderr }) => reject(new Error(`child exited ${code} before ${match}: ${stderr}`)));
  });
  return { child, exited, line };
}

// Loads the database code and says "loaded"; opens the folder as the server does when its stdin
// says so and says "open"; closes it when its stdin ends. A new folder starts from the run's
// migrated cluster, which takes a fifth of the time migrating does.
const OPENER = `
import { readFileSync } from 'node:fs';
import { openDatabase } from ${JSON.stringify(new URL('./client.ts', import.meta.url).href)};
console.log('loaded');
let database;
process.stdin.once('data', async () => {
  try {
    const snapshot = process.env.SNAPSHOT ? new Blob([readFileSync(process.env.SNAPSHOT)]) : undefined;
    database = await openDatabase({ dataDir: process.env.DIR, pgliteSnapshot: snapshot });
  } catch (err) {
    console.error(err.message);
    process.exit(3);
  }
  console.log('open');
}).once('end', async () => {
  await database?.close();
  process.exit(0);
});
`;
/** Started at once, so that its loading overlaps with the others' work; `open` lets it go on. */
function opener(dir: string, snapshot = '') {
  const c = run(OPENER, { DIR: dir, SNAPSHOT: snapshot });
  const loaded = c.line(/^loaded$/);
  loaded.catch(() => {}); // reported where `open` awaits it
  return { ...c, open: async () => { await loaded; c.child.stdin!.write('open\n'); } };
}

async function closeChild(c: ReturnType<typeof run>) {
  c.child.stdin!.end();
  expect((await c.exited).code).toBe(0);
}

describe('a PGlite data folder', () => {
  it('is refused to a second process while one has it open, opens once it is closed, and is taken over from a killed process', async () => {
    const dir = folder();
    // The snapshot is absent on a PostgreSQL run (seeded-database.global.ts): the folder is then migrated.
    const [first, second, killed] = [opener(dir, inject('pgliteMigratedSnapshotFile') ?? ''), opener(dir), opener(dir)];
    await first.open();
    await first.line(/^open$/);

    await second.open();
    const refused = await second.exited;
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain(inUse(dir, first.child.pid!));

    await closeChild(first);
    expect(existsSync(lockFile(dir))).toBe(false);

    // Opens now, and is killed while it has the folder open.
    await killed.open();
    await killed.line(/^open$/);
    expect(holderOf(dir).pid).toBe(killed.child.pid);
    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(existsSync(lockFile(dir))).toBe(true);

    const database = await openDatabase({ dataDir: dir });
    try {
      expect(holderOf(dir).pid).toBe(process.pid);
      // The cluster works after PGlite's recovery from the kill.
      expect(await database.db.$count(sysUser)).toBeGreaterThanOrEqual(0);
      // Twice at the same time in one process is refused as well.
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(inUse(dir, process.pid));
    } finally {
      await database.close();
    }
    expect(existsSync(lockFile(dir))).toBe(false);
  }, 60_000);
});

describe('lockDataFolder', () => {
  it('refuses a second lock in the same process until the first is released', () => {
    const dir = folder();
    const lock = lockDataFolder(dir);
    expect(() => lockDataFolder(dir)).toThrow(inUse(dir, process.pid));
    lock.release();
    lock.release();
    lockDataFolder(dir).release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('takes over a lock whose process is gone, and one whose pid now belongs to another process', () => {
    const dir = folder();
    writeLock(dir, { pid: deadPid() });
    const lock = lockDataFolder(dir);
    expect(holderOf(dir).pid).toBe(process.pid);
    lock.release();
    if (process.platform === 'linux') {
      // This very pid, started at another time: a previous process (a container's pid 1 restarted).
      writeLock(dir, { pid: process.pid, started: 'another-boot:1' });
      lockDataFolder(dir).release();
    }
    // Unreadable (cut short by a crash): stale too.
    writeFileSync(lockFile(dir), '{"pid":');
    lockDataFolder(dir).release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a lock held by a live process, or by a process on another host', () => {
    const dir = folder();
    writeLock(dir, { pid: process.ppid });
    expect(() => lockDataFolder(dir)).toThrow(inUse(dir, process.ppid));
    writeLock(dir, { pid: deadPid(), host: 'elsewhere.example' });
    expect(() => lockDataFolder(dir)).toThrow(`is in use by process ${holderOf(dir).pid} on host elsewhere.example`);
    expect(() => lockDataFolder(dir)).toThrow(`delete ${lockFile(dir)}`);
    expect(holderOf(dir).token).toBe('old');
  });

  it('leaves a stale lock to the process already taking it over, or takes over from one killed while doing so', () => {
    const dir = folder();
    writeLock(dir, { pid: deadPid() });
    // The claim of whoever takes over this very lock (named after its content, see data-lock.ts).
    const claim = `pgdata.lock.${createHash('sha256').update(readFileSync(lockFile(dir))).digest('hex').slice(0, 16)}`;
    writeLock(dir, { pid: process.ppid }, claim);
    expect(() => lockDataFolder(dir)).toThrow(inUse(dir, process.ppid));
    writeLock(dir, { pid: deadPid() }, claim);
    lockDataFolder(dir).release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('lets exactly one of several processes take over a stale lock at once', async () => {
    const dir = folder();
    writeLock(dir, { pid: deadPid() });
    const script = `
import { lockDataFolder } from ${JSON.stringify(new URL('./data-lock.ts', import.meta.url).href)};
console.log('ready');
process.stdin.once('data', () => {
  try { lockDataFolder(process.env.DIR); console.log('won'); } catch (err) { console.log(err.name); }
  // Held until the others are done (the test closes stdin), then released at exit.
  process.stdin.resume().once('end', () => process.exit(0));
});`;
    const racers = Array.from({ length: 3 }, () => run(script, { DIR: dir }));
    await Promise.all(racers.map((r) => r.line(/^ready$/)));
    for (const r of racers) r.child.stdin!.write('go\n');
    const outcomes = await Promise.all(racers.map((r) => r.line(/^(won|DataFolderInUse)$/)));
    expect(outcomes.sort()).toEqual(['DataFolderInUse', 'DataFolderInUse', 'won']);
    for (const r of racers) r.child.stdin!.end();
    await Promise.all(racers.map((r) => r.exited));
    expect(readdirSync(dir)).toEqual([]);
  });
});

