import { existsSync, globSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';

// The README is what a newcomer reads first; everything else lives in docs/. Both name files and
// link to each other, and files move: a link or a path that no longer leads anywhere is a doc
// that lies. This checks every relative link (and its #anchor, by GitHub's heading ids) and every
// repository path written in backticks.

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
const README_LIMIT = 12_288;
const DOCS = ['README.md', ...globSync('docs/**/*.md', { cwd: ROOT })].sort();

/** Where repository paths start; a backticked token starting so must exist. */
const PATH_PREFIXES = ['src/', 'server/', 'scripts/', 'tests/', 'docs/', 'public/', '.ci/'];
const ROOT_FILES = new Set(['package.json', 'package-lock.json', 'astro.config.mjs', 'tsconfig.json', '.nvmrc', 'README.md']);
/** Tokens that stand for a family of paths (`src/pages/<area>/`, `locales/{zh-CN,en}/`) are not checked. */
const PLACEHOLDER = /[<*{…]|\.\.\./;

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** A file's lines split into prose and fenced code, line numbers kept (the other kind's lines are empty). */
function split(text: string): { prose: string[]; code: string[] } {
  let fenced = false;
  const prose: string[] = [];
  const code: string[] = [];
  for (const line of text.split('\n')) {
    const fence = /^\s*(```|~~~)/.test(line);
    if (fence) fenced = !fenced;
    prose.push(fenced || fence ? '' : line);
    code.push(fenced && !fence ? line : '');
  }
  return { prose, code };
}
const prose = (text: string) => split(text).prose;

/** A line's inline code spans, and the line with them blanked (so links inside code are not links). */
function codeSpans(line: string): { spans: string[]; rest: string } {
  const spans: string[] = [];
  const rest = line.replace(/(`+)(.+?)\1/g, (_m, _ticks: string, code: string) => {
    spans.push(code.trim());
    return ' ';
  });
  return { spans, rest };
}

/** The heading ids GitHub gives a Markdown file (duplicates get -1, -2, …). */
const anchorsOf = new Map<string, Set<string>>();
function anchors(file: string): Set<string> {
  let ids = anchorsOf.get(file);
  if (!ids) {
    const slugger = new GithubSlugger();
    ids = new Set();
    for (const line of prose(read(file))) {
      const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      if (!heading) continue;
      // The id is made from the rendered text: no code ticks, emphasis or link targets.
      const text = heading[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
      ids.add(slugger.slug(text));
    }
    anchorsOf.set(file, ids);
  }
  return ids;
}

function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  prose(read(file)).forEach((line, i) => {
    const { rest } = codeSpans(line);
    for (const m of rest.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = m[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const where = `${file}:${i + 1}`;
      const to = path ? relative(ROOT, resolve(ROOT, dirname(file), decodeURIComponent(path))) : file;
      if (!existsSync(join(ROOT, to))) {
        broken.push(`${where}: link to ${target}: no file ${to}`);
        continue;
      }
      if (anchor && to.endsWith('.md') && !anchors(to).has(decodeURIComponent(anchor).toLowerCase())) {
        broken.push(`${where}: link to ${target}: ${to} has no heading #${anchor}`);
      }
    }
  });
  return broken;
}

/** A backticked token that names a repository path, stripped of a trailing :line or #fragment; null if it names none. */
function repoPath(token: string): string | null {
  if (PLACEHOLDER.test(token)) return null;
  const path = token.replace(/#.*$/, '').replace(/:\d+(?:-\d+)?$/, '');
  if (PATH_PREFIXES.some((p) => path.startsWith(p)) || ROOT_FILES.has(path)) return path;
  return null;
}

function brokenPaths(file: string): string[] {
  const broken: string[] = [];
  const check = (text: string, line: number) => {
    // A command or a code comment names paths among its words (`bash scripts/probe-critical.sh …`).
    for (const word of text.split(/\s+/)) {
      const path = repoPath(word);
      if (path && !existsSync(join(ROOT, path))) broken.push(`${file}:${line}: \`${word}\` does not exist`);
    }
  };
  const { prose: lines, code } = split(read(file));
  lines.forEach((line, i) => codeSpans(line).spans.forEach((span) => check(span, i + 1)));
  code.forEach((line, i) => check(line.replace(/^\s*(\/\/|#)\s*/, ''), i + 1));
  return broken;
}

describe('README and docs', () => {
  it(`README.md stays a newcomer's page: at most ${README_LIMIT} bytes`, () => {
    expect(statSync(join(ROOT, 'README.md')).size).toBeLessThanOrEqual(README_LIMIT);
  });

  it('every relative link leads to an existing file, and every #anchor to a heading there', () => {
    expect(DOCS.length).toBeGreaterThan(1);
    expect(DOCS.flatMap(brokenLinks)).toEqual([]);
  });

  it('every repository path named in backticks (code spans and fenced blocks) exists', () => {
    expect(DOCS.flatMap(brokenPaths)).toEqual([]);
  });

  it('reads paths as a reader would: placeholders skipped, :line and #fragment stripped', () => {
    expect(repoPath('server/app.ts:196')).toBe('server/app.ts');
    expect(repoPath('docs/two-origins.md#headers')).toBe('docs/two-origins.md');
    expect(repoPath('src/pages/<area>/')).toBeNull();
    expect(repoPath('server/modules/cms/template/*.test.ts')).toBeNull();
    expect(repoPath('src/lib/i18n/locales/{zh-CN,zh-TW,en}/')).toBeNull();
    expect(repoPath('GET /cms/content/list')).toBeNull();
  });
});
