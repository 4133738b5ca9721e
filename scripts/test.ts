// `npm test`: typecheck, build, then every test project. Server/API tests run on PGlite, and
// again on PostgreSQL when DATABASE_URL is set. Stops at the first failing stage.
import { spawnSync } from 'node:child_process';
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

const vitest = [bin('vitest'), 'run', '--config', 'tests/vitest.config.ts'] as const;
/** The API tests: most share their worker's modules, a few that mock modules load their own. */
const SERVER_PROJECTS = ['--project', 'server', '--project', 'server-isolated'];
stage('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
stage('astro check', bin('astro'), ['check', '--minimumSeverity', 'error']);
stage('build console', bin('astro'), ['build', '--silent']);
// On PostgreSQL too, every API test (the crash test excepted: it starts servers of its own on PGlite).
if (databaseUrl) {
  stage('API tests on PostgreSQL', vitest[0], [...vitest.slice(1), ...SERVER_PROJECTS], { ...process.env, DATABASE_URL: databaseUrl });
}
stage('unit and API tests (PGlite)', vitest[0], [...vitest.slice(1), ...SERVER_PROJECTS, '--project', 'console']);
// Alone: on two cores, browser tests sharing the CPU with the API tests time out at random.
stage('browser tests', vitest[0], [...vitest.slice(1), '--project', 'browser']);
