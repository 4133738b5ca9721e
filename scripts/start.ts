// `npm start`: build the console when it is missing or older than its sources, then serve everything.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtMarker = join(root, 'dist', 'app-router', 'index.html');

function newestMtime(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

// README.md: the console's Docs page renders it.
const sources = ['src', 'public', 'astro.config.mjs', 'package.json', 'README.md'].map((p) => join(root, p)).filter(existsSync);
const stale = !existsSync(builtMarker) || Math.max(...sources.map(newestMtime)) > statSync(builtMarker).mtimeMs;

if (stale && process.env.SKIP_BUILD !== '1') {
  console.log('Building the console (first start or sources changed)…');
  const astro = join(root, 'node_modules', '.bin', 'astro');
  const r = spawnSync(astro, ['build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

await import('../server/main.ts');
