// bench:public's load generator, in a worker thread of its own: the server's thread then spends its
// time on the server only (as with a client on another machine), and the figures are the server's.
// It sends a phase's requests CONCURRENCY at a time over keep-alive HTTP for a fixed time (cycling
// through them, or stopping at their end), and answers what was accepted, by tag.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/** One request of a phase (see bench-public.ts `BenchRequest`). */
export interface LoadRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  accepted: number;
  tag?: string | number;
}

export interface LoadJob {
  base: string;
  requests: LoadRequest[];
  /** true: start again at the first request until the time is up; false: stop at the last */
  cycle: boolean;
  seconds: number;
  concurrency: number;
}

export interface LoadResult {
  accepted: [string | number, number][];
  total: number;
  sent: number;
  refused: number;
  statuses: Record<number, number>;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
}

async function run(job: LoadJob): Promise<LoadResult> {
  const base = new URL(job.base);
  const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency });
  const accepted = new Map<string | number, number>();
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  let next = 0;
  let refused = 0;
  let total = 0;
  const send = (r: LoadRequest) => new Promise<number>((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, method: r.method, path: r.path, agent, headers: { ...r.headers, ...(r.body ? { 'content-length': String(Buffer.byteLength(r.body)) } : {}) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(r.body);
  });
  const start = performance.now();
  const until = start + job.seconds * 1000;
  await Promise.all(Array.from({ length: job.concurrency }, async () => {
    while (performance.now() < until && (job.cycle || next < job.requests.length)) {
      const r = job.requests[next++ % job.requests.length]!;
      const t = performance.now();
      const status = await send(r);
      latencies.push(performance.now() - t);
      if (status === r.accepted) {
        total++;
        const tag = r.tag ?? '';
        accepted.set(tag, (accepted.get(tag) ?? 0) + 1);
      } else {
        refused++;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }
  }));
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((x, y) => x - y);
  const pct = (p: number) => +(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0).toFixed(1);
  return { accepted: [...accepted], total, sent: latencies.length, refused, statuses: Object.fromEntries(statuses), seconds, p50: pct(0.5), p95: pct(0.95), p99: pct(0.99) };
}

if (parentPort && workerData) parentPort.postMessage(await run(workerData as LoadJob));
