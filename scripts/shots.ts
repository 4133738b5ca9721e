// `npm run shots [-- <dir>]`: screenshots of the console's screens in zh-CN, zh-TW and en at 1440
// and 800 px, into shots/ (git-ignored) or <dir>. Not part of `npm test`: pictures are for a person
// to look at; the browser tests check what they would show wrong (tests/browser/looks.ts). It
// builds the console when there is no build, then runs the walk of tests/shots/ on the browser
// tests' harness (a server on a fresh seeded database, Chromium signed in as an administrator).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const dir = resolve(process.argv[2] ?? join(root, 'shots'));

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (!existsSync(join(root, 'dist', 'login', 'index.html'))) run(bin('astro'), ['build', '--silent']);
// On PGlite, whatever DATABASE_URL says: the pictures need no PostgreSQL.
run(bin('vitest'), ['run', '--config', 'tests/shots.config.ts', '--root', root], { ...process.env, DATABASE_URL: '', SHOTS_DIR: dir });
console.log(`Screenshots in ${dir}`);
