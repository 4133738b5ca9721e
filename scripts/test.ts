// `npm test`: typecheck, build, then every test project. Server/API tests run on PGlite, and
// again on PostgreSQL when DATABASE_URL is set. Stops at the first failing stage.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const databaseUrl = process.env.DATABASE_URL;
const withoutDb = { ...process.env, DATABASE_URL: '' };

function stage(title: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = withoutDb) {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  console.log(`=== ${title}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/**
 * Stages that depend on nothing of each other, run at once (each mostly one core's work: on two
 * cores the two checks take the time of the longer, not their sum); each one's output
 * is printed whole when it ends, then the run stops if any failed.
 */
async function together(stages: { title: string; cmd: string; args: string[] }[]) {
  const started = Date.now();
  const runs = stages.map(({ title, cmd, args }) => new Promise<number>((done) => {
    const child = spawn(cmd, args, { cwd: root, env: withoutDb });
    const out: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => out.push(b));
    child.on('close', (code) => {
      console.log(`\n=== ${title}`);
      process.stdout.write(Buffer.concat(out));
      console.log(`=== ${title}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      done(code ?? 1);
    });
  }));
  const codes = await Promise.all(runs);
  const failed = codes.find((c) => c !== 0);
  if (failed !== undefined) process.exit(failed);
}

const vitest = [bin('vitest'), 'run', '--config', 'tests/vitest.config.ts'] as const;
/** The API tests: most share their worker's modules, a few that mock modules load their own. */
const SERVER_PROJECTS = ['--project', 'server', '--project', 'server-isolated'];
// Astro's generated types first: the checks read them, and astro check and build would each
// write them again (truncating the file tsc may be reading) without --noSync.
stage('astro sync', bin('astro'), ['sync']);
await together([
  { title: 'typecheck', cmd: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'] },
  { title: 'astro check', cmd: bin('astro'), args: ['check', '--noSync', '--minimumSeverity', 'error'] },
]);
stage('build console', bin('astro'), ['build', '--silent']);
// On PostgreSQL too, every API test (the crash test excepted: it starts servers of its own on PGlite).
if (databaseUrl) {
  stage('API tests on PostgreSQL', vitest[0], [...vitest.slice(1), ...SERVER_PROJECTS], { ...process.env, DATABASE_URL: databaseUrl });
}
stage('unit and API tests (PGlite)', vitest[0], [...vitest.slice(1), ...SERVER_PROJECTS, '--project', 'console']);
// The code generator's round trip (issue 33): a resource generated from a fixture table, written
// into a copy of the committed tree, passes its own API test there (about 25 s; the console half,
// a build and a browser run in the copy, is `npm run check:gen`).
stage('code generator round trip', process.execPath, ['scripts/gen-roundtrip.ts', '--no-console']);
// Alone: on two cores, browser tests sharing the CPU with the API tests time out at random. Two
// files at a time, then the few that must run alone (tests/vitest.config.ts, BROWSER_ALONE).
stage('browser tests', vitest[0], [...vitest.slice(1), '--project', 'browser', '--project', 'browser-alone']);
