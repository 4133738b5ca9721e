// `npm run a11y:baseline`: rewrites tests/a11y/known.json, the critical and serious axe violations
// the console's screens and the default theme still have (tests/browser/walk-every-screen.test.ts compares every
// run with it; see docs/accessibility.md). Run it after a fix has lowered them: the file only
// shrinks, and its diff is the record of what the fix removed. Builds the console when there is no
// build; on PGlite, whatever DATABASE_URL says. Prints the critical and serious nodes per screen.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (!existsSync(join(root, 'dist', 'login', 'index.html'))) run(bin('astro'), ['build', '--silent']);
// From nothing: what the walk finds is the whole baseline (a screen gone leaves no entry behind).
const file = join(root, 'tests', 'a11y', 'known.json');
writeFileSync(file, '{}\n');
run(bin('vitest'), ['run', '--config', 'tests/vitest.config.ts', '--project', 'browser', 'tests/browser/walk-every-screen.test.ts'], { ...process.env, DATABASE_URL: '', A11Y_BASELINE: 'write' });
console.log(`Baseline written to ${file}`);
