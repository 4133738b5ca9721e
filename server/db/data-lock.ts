import { createHash, randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

// One process at a time per PGlite data folder. PGlite ignores PostgreSQL's postmaster.pid, and a
// second process opening a folder another still had open corrupted the cluster for good. Node has
// no flock() (and native addons are not an option), so the lock is a file holding its owner's pid,
// host and start time; one whose process is gone (kill -9, power cut) is stale and taken over.

/** Who holds a lock: what the lock file records. */
export interface LockHolder {
  pid: number;
  host: string;
  /** Linux: boot id and start time of the process, so that a reused pid is not taken for the owner */
  started?: string;
  /** random per lock: a process removes a lock only while it is still its own */
  token: string;
}

export interface DataLock {
  readonly file: string;
  /** Removes the lock file (if it is still this lock's); safe to call more than once. */
  release(): void;
}

export class DataFolderInUse extends Error {
  readonly holder: LockHolder;
  constructor(folder: string, file: string, holder: LockHolder) {
    const elsewhere = holder.host !== hostname();
    super(
      `The data folder ${folder} is in use by process ${holder.pid}${elsewhere ? ` on host ${holder.host}` : ''} (another Castanea server?). ` +
        'Stop it first, or set DATA_DIR to another folder.' +
        // This host cannot see whether that process still runs: only a person can tell.
        (elsewhere ? ` If no server runs there any more, delete ${file}.` : ''),
    );
    this.name = 'DataFolderInUse';
    this.holder = holder;
  }
}

const LOCK_FILE = 'pgdata.lock';
/** Locks this process holds, removed when it exits without closing its databases. */
const held = new Set<DataLock>();
let exitHooked = false;

/** Locks `dir` for this process, or throws DataFolderInUse naming the process holding it. */
export function lockDataFolder(dir: string): DataLock {
  const folder = resolve(dir);
  const file = join(folder, LOCK_FILE);
  const me: LockHolder = { pid: process.pid, host: hostname(), started: startOf(process.pid), token: randomBytes(12).toString('hex') };
  const holder = claim(file, me);
  if (holder) throw new DataFolderInUse(folder, file, holder);
  const lock: DataLock = {
    file,
    release() {
      if (held.delete(lock)) removeIfMine(file, me.token);
    },
  };
  if (!exitHooked) {
    exitHooked = true;
    // 'exit' comes after a normal end and an uncaught error; a kill leaves the file, taken over later.
    process.on('exit', () => { for (const l of held) l.release(); });
  }
  held.add(lock);
  return lock;
}

/** Creates `file` for `me`, taking over a stale one; returns the live holder when there is one. */
function claim(file: string, me: LockHolder): LockHolder | undefined {
  for (;;) {
    if (create(file, me)) return undefined;
    const raw = readRaw(file);
    if (raw === undefined) continue; // released meanwhile
    const holder = parse(raw);
    if (holder && alive(holder)) return holder;
    // Stale. Several processes may find it so at once, and one may already have replaced it with
    // its own: only the process that creates the claim named after this very content replaces it,
    // and only while the lock still holds that content. The claim is a lock itself, so one left
    // by a process killed right then is taken over the same way.
    const successor = `${file}.${createHash('sha256').update(raw).digest('hex').slice(0, 16)}`;
    const rival = claim(successor, me);
    if (rival) return rival; // taking the lock over right now: it holds the folder from here on
    try {
      if (readRaw(file) === raw) {
        replace(file, me);
        return undefined;
      }
    } finally {
      removeIfMine(successor, me.token);
    }
  }
}

/** Whether the process recorded in a lock may still run (a process on another host is assumed to). */
function alive(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true;
  if (holder.pid !== process.pid) {
    try {
      process.kill(holder.pid, 0);
    } catch (err) {
      // EPERM: it runs, under another user.
      if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
    }
  }
  const started = startOf(holder.pid);
  if (started === 'exited') return false;
  // The pid runs but was given to another process since (a reboot, or a container's pid 1 restarted).
  return !(holder.started && started && holder.started !== started);
}

let bootId: string | undefined;
/**
 * Linux: when the process started (boot id and clock ticks since boot), 'exited' for a zombie (killed,
 * not reaped yet by its parent); undefined elsewhere, where the pid alone has to do.
 */
function startOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which is in parentheses and may hold anything: state
    // (field 3) first, start time (field 22) 19 later.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z') return 'exited';
    bootId ??= readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return `${bootId}:${fields[19]}`;
  } catch {
    return undefined;
  }
}

function parse(raw: string): LockHolder | undefined {
  try {
    const h = JSON.parse(raw) as LockHolder;
    // A pid of 0 or below would signal a whole process group in process.kill.
    return Number.isInteger(h.pid) && h.pid > 0 && typeof h.host === 'string' && typeof h.token === 'string' ? h : undefined;
  } catch {
    return undefined; // unreadable: stale (a lock is never seen half written, see create)
  }
}

function readRaw(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Creates `file` holding `me` unless it exists. */
function create(file: string, me: LockHolder): boolean {
  const temp = `${file}.${me.token}.tmp`;
  writeFileSync(temp, JSON.stringify(me));
  try {
    // A hard link appears whole and fails when the name exists: the exclusive create, without
    // the moment an `open(…, 'wx')` file is there but still empty.
    linkSync(temp, file);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw err;
    // A file system without hard links.
    try {
      writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw e;
    }
  } finally {
    rmSync(temp, { force: true });
  }
}

/** Puts `me` in place of the lock in `file`, in one step. */
function replace(file: string, me: LockHolder): void {
  const temp = `${file}.${me.token}.tmp`;
  writeFileSync(temp, JSON.stringify(me));
  try {
    renameSync(temp, file);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}

function removeIfMine(file: string, token: string): void {
  const raw = readRaw(file);
  if (raw !== undefined && parse(raw)?.token === token) {
    try {
      unlinkSync(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}
