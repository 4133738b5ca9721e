import os from 'node:os';
import { readFileSync, statfsSync } from 'node:fs';
import { z } from 'zod';

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const percent = (part: number, whole: number) => (whole > 0 ? round((part / whole) * 100) : 0);

/** CPU use over a short window: the share of time not idle across all cores. */
async function cpuUsage(windowMs = 200) {
  const snap = () => os.cpus().map((c) => c.times);
  const a = snap();
  await new Promise((r) => setTimeout(r, windowMs));
  const b = snap();
  let user = 0, sys = 0, idle = 0, total = 0;
  b.forEach((t, i) => {
    const p = a[i]!;
    const d = { user: t.user - p.user + (t.nice - p.nice), sys: t.sys - p.sys + (t.irq - p.irq), idle: t.idle - p.idle };
    user += d.user;
    sys += d.sys;
    idle += d.idle;
    total += d.user + d.sys + d.idle;
  });
  return { used: percent(user, total), sys: percent(sys, total), free: percent(idle, total) };
}

const REAL_FS = /^(ext[234]|xfs|btrfs|zfs|overlay|vfat|ntfs|apfs|f2fs|tmpfs)$/;

/** Mounted file systems worth showing (Linux /proc/mounts), with their sizes. */
function disks(extraPaths: string[]) {
  const mounts = new Map<string, string>();
  try {
    for (const line of readFileSync('/proc/mounts', 'utf8').split('\n')) {
      const [, dir, type] = line.split(' ');
      if (dir && type && REAL_FS.test(type) && !dir.startsWith('/proc') && !dir.startsWith('/sys') && !dir.startsWith('/dev')) mounts.set(dir, type);
    }
  } catch {
    /* not Linux: fall back to the paths we use */
  }
  for (const p of extraPaths) if (![...mounts.keys()].some((m) => m === p)) mounts.set(p, 'data');
  return [...mounts].flatMap(([dirName, typeName]) => {
    try {
      const s = statfsSync(dirName);
      const total = s.blocks * s.bsize;
      const free = s.bavail * s.bsize;
      if (total === 0) return [];
      return [{ dirName, typeName, total, free, used: total - free, usage: percent(total - free, total) }];
    } catch {
      return [];
    }
  }).slice(0, 20);
}

/** What the server monitor shows: CPU, memory, the Node process, the host and its disks. */
export async function serverInfo(dataDir: string) {
  const mem = process.memoryUsage();
  const total = os.totalmem();
  const free = os.freemem();
  const cpus = os.cpus();
  return {
    cpu: { cpuNum: cpus.length, model: cpus[0]?.model ?? '', loadavg: os.loadavg().map((n) => round(n)), ...(await cpuUsage()) },
    mem: { total, used: total - free, free, usage: percent(total - free, total) },
    node: {
      version: process.version,
      pid: process.pid,
      uptime: Math.round(process.uptime()),
      startTime: new Date(Date.now() - process.uptime() * 1000),
      rss: mem.rss,
      heapTotal: mem.heapTotal,
      heapUsed: mem.heapUsed,
      heapUsage: percent(mem.heapUsed, mem.heapTotal),
      external: mem.external,
      execPath: process.execPath,
      cwd: process.cwd(),
    },
    sys: { hostname: os.hostname(), platform: os.platform(), release: os.release(), arch: os.arch(), uptime: Math.round(os.uptime()) },
    disks: disks([dataDir]),
  };
}

/** `GET /monitor/server`: serverInfo as replied (bytes, percentages, seconds; the start time as text). */
export const serverInfoReply = z.object({
  cpu: z.object({ cpuNum: z.int(), model: z.string(), loadavg: z.array(z.number()), used: z.number(), sys: z.number(), free: z.number() }),
  mem: z.object({ total: z.number(), used: z.number(), free: z.number(), usage: z.number() }),
  node: z.object({
    version: z.string(), pid: z.int(), uptime: z.int(), startTime: z.string(), rss: z.number(), heapTotal: z.number(), heapUsed: z.number(),
    heapUsage: z.number(), external: z.number(), execPath: z.string(), cwd: z.string(),
  }),
  sys: z.object({ hostname: z.string(), platform: z.string(), release: z.string(), arch: z.string(), uptime: z.int() }),
  disks: z.array(z.object({ dirName: z.string(), typeName: z.string(), total: z.number(), free: z.number(), used: z.number(), usage: z.number() })),
});
