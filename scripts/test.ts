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
// On PostgreSQL, the tests whose outcome can depend on the database: the driver, pool and time
// limits; the two access matrices and the write-route walk, which call every route (so every
// query the API makes runs on PostgreSQL); the content list's orders and filters; the publish
// queue's leases and SKIP LOCKED. The whole API suite on both databases no longer fits CI's 30
// minutes on two cores; `POSTGRES_SUITE=all npm test` runs all of it on PostgreSQL too.
const POSTGRES_SUITE = [
  'server/db/', 'server/access-matrix.test.ts', 'server/modules/cms/access-matrix.test.ts', 'server/write-routes.test.ts',
  'server/resource-access.test.ts', 'server/modules/cms/content/', 'server/modules/cms/publish/', 'server/modules/cms/perms/',
];
if (databaseUrl) {
  const files = process.env.POSTGRES_SUITE === 'all' ? [] : POSTGRES_SUITE;
  stage('API tests on PostgreSQL', vitest[0], [...vitest.slice(1), ...SERVER_PROJECTS, ...files], { ...process.env, DATABASE_URL: databaseUrl });
}
stage('unit and API tests (PGlite)', vitest[0], [...vitest.slice(1), ...SERVER_PROJECTS, '--project', 'console']);
// Alone: on two cores, browser tests sharing the CPU with the API tests time out at random.
stage('browser tests', vitest[0], [...vitest.slice(1), '--project', 'browser']);
