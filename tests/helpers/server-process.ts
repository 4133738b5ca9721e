import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer as netServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The server as `npm start` runs it, in a child process on a PGlite data folder: for the tests
// that kill it (`kill -9`) part way through some work and start it again.

const MAIN = fileURLToPath(new URL('../../server/main.ts', import.meta.url));
export const PROCESS_HEADERS = { repeatsubmit: 'false', 'content-type': 'application/json', 'accept-language': 'en' };

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A port nobody listens on now. */
export const freePort = () => new Promise<number>((resolve) => {
  const s = netServer().listen(0, '127.0.0.1', () => {
    const port = (s.address() as { port: number }).port;
    s.close(() => resolve(port));
  });
});

/** Starts server/main.ts on `dataDir` at `port` with its publish worker (an empty console folder under `work`). */
export function startServerProcess(work: string, dataDir: string, port: number): ChildProcess {
  const consoleDir = join(work, 'console');
  mkdirSync(consoleDir, { recursive: true });
  return spawn(process.execPath, [MAIN], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), SITE_PORT: '0', HOST: '127.0.0.1', CAPTCHA_ENABLED: 'false', CONSOLE_DIR: consoleDir, DATABASE_URL: '', PUBLISH_WORKER: 'true', PUBLISH_DIR: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** A console call to the process: the envelope. */
export async function processApi(port: number, method: string, url: string, token?: string, body?: unknown, site?: number) {
  const res = await fetch(`http://127.0.0.1:${port}/prod-api${url}`, {
    method, headers: { ...PROCESS_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(site ? { currentsite: String(site) } : {}) }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json() as Promise<{ code: number; data: unknown; msg: string }>;
}

/** Signs in as the administrator once the process answers (its first password, never changed in these tests). */
export async function signInWhenUp(port: number, child: ChildProcess): Promise<string> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}`);
    const r = await processApi(port, 'POST', '/login', undefined, { username: 'admin', password: 'admin123' }).catch(() => null);
    if (r?.code === 200) return r.data as string;
    await sleep(100);
  }
  throw new Error('server did not start');
}

/** Ends the process (SIGTERM: a clean close; SIGKILL: the crash under test) and waits for it. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await gone;
}
