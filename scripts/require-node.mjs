// Runs before every npm script that starts TypeScript directly (`node x.ts`). Plain JavaScript on
// purpose: an older Node fails on a .ts entry with ERR_UNKNOWN_FILE_EXTENSION before any of our code
// runs, which tells the operator nothing. The minimum is package.json's `engines.node` (">=X.Y"):
// the first Node 22 that strips TypeScript types by default, above Astro 7's own 22.12.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** The operator's message when `version` is below `engines` (">=X.Y"), or null when it will do. */
export function nodeVersionProblem(version, engines) {
  const wanted = /^>=\s*(\d+)\.(\d+)/.exec(engines ?? '');
  if (!wanted) return null;
  const [needMajor, needMinor] = [Number(wanted[1]), Number(wanted[2])];
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  // Node 23 before 23.6 did not strip types by default either (and is out of support).
  const tooOld = major < needMajor || (major === needMajor && minor < needMinor) || (major === 23 && minor < 6);
  if (!tooOld) return null;
  return (
    `Castanea needs Node ≥ ${needMajor}.${needMinor} (Node 26 recommended, see .nvmrc); you have ${version.replace(/^v/, '')}.\n` +
    'Install a newer Node (for example `nvm install 26`, or `npm i --prefix "$HOME/.node26" node@26` and put\n' +
    '"$HOME/.node26/node_modules/.bin" first on PATH), then run the command again.'
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const problem = nodeVersionProblem(process.versions.node, pkg.engines?.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
