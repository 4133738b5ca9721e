import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The axe check's baseline (issue 28 §6): the critical and serious violations each screen still has,
// per language and rule, counted in nodes. Other branches fix the palette, the widgets and the
// keyboard; until they land, a screen may have what the baseline lists and no more. Like the KNOWN
// list of tests/architecture.test.ts it only shrinks: a count above it fails, and so does a count
// below it ("lower the baseline"), so that a fix is recorded the moment it lands.

export const BASELINE_FILE = fileURLToPath(new URL('./known.json', import.meta.url));

/** screen → language → rule id → critical or serious nodes. */
export type Baseline = Record<string, Record<string, Record<string, number>>>;

/** One violated rule on one screen: its critical and serious nodes (selectors; `>>>` enters a frame). */
export interface Violation {
  rule: string;
  help: string;
  helpUrl: string;
  targets: string[];
  /** the nodes' markup, cut short (for the reader of a failure; not compared) */
  html?: string[];
  /** how many of them are critical (the others are serious) */
  critical: number;
}

/** What one axe run found on one screen in one language. */
export interface Check {
  screen: string;
  lng: string;
  violations: Violation[];
}

/** How `npm run a11y:baseline` regenerates the file (said in every failure). */
const REGENERATE = 'npm run a11y:baseline';

/** Rule id → nodes, of one check. */
export const countsOf = (check: Check): Record<string, number> =>
  Object.fromEntries(check.violations.filter((v) => v.targets.length).map((v) => [v.rule, v.targets.length]));

/**
 * What `checks` break of `known`, as sentences: a rule with more nodes than its baseline (naming
 * the nodes and where the rule is explained), or with fewer (the baseline is to be lowered).
 */
export function compareToBaseline(checks: readonly Check[], known: Baseline): string[] {
  const problems: string[] = [];
  for (const check of checks) {
    const base = known[check.screen]?.[check.lng] ?? {};
    const found = countsOf(check);
    for (const v of check.violations) {
      const allowed = base[v.rule] ?? 0;
      if (v.targets.length <= allowed) continue;
      const nodes = v.targets.slice(0, 8).join(' | ') + (v.targets.length > 8 ? ` | … ${v.targets.length - 8} more` : '');
      problems.push(`${check.lng} ${check.screen}: ${v.rule} on ${v.targets.length} node(s), the baseline allows ${allowed}: ${v.help} (${v.helpUrl}); nodes: ${nodes}`);
    }
    for (const [rule, allowed] of Object.entries(base)) {
      const now = found[rule] ?? 0;
      if (now < allowed) problems.push(`${check.lng} ${check.screen}: ${rule} on ${now} node(s), the baseline says ${allowed}: lower the baseline (${REGENERATE})`);
    }
  }
  return problems;
}

/** Baseline entries for a screen and language that `checks` did not check (a screen gone, renamed, or no longer walked in that language). */
export function uncheckedEntries(checks: readonly Check[], known: Baseline): string[] {
  const checked = new Set(checks.map((c) => `${c.lng} ${c.screen}`));
  return Object.entries(known).flatMap(([screen, byLng]) =>
    Object.keys(byLng).filter((lng) => !checked.has(`${lng} ${screen}`)).map((lng) => `${lng} ${screen}: in the baseline but not checked: remove it (${REGENERATE})`),
  );
}

/** `known` with `checks` as its entries for their screens and languages (others kept), sorted, empty entries left out. */
export function withChecks(known: Baseline, checks: readonly Check[]): Baseline {
  const next: Baseline = structuredClone(known);
  for (const check of checks) {
    const counts = countsOf(check);
    const byLng = (next[check.screen] ??= {});
    if (Object.keys(counts).length) byLng[check.lng] = counts;
    else delete byLng[check.lng];
    if (!Object.keys(byLng).length) delete next[check.screen];
  }
  const sorted = <T>(o: Record<string, T>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return sorted(Object.fromEntries(Object.entries(next).map(([screen, byLng]) => [screen, sorted(Object.fromEntries(Object.entries(byLng).map(([lng, rules]) => [lng, sorted(rules)])))])));
}

export const readBaseline = (): Baseline => JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as Baseline;

export const writeBaseline = (baseline: Baseline) => writeFileSync(BASELINE_FILE, `${JSON.stringify(baseline, null, 2)}\n`);

/** Critical and serious nodes per screen and language, tab-separated, for a person (printed when the baseline is written). */
export const totalsOf = (checks: readonly Check[]): string[] =>
  checks.map((c) => {
    const critical = c.violations.reduce((n, v) => n + v.critical, 0);
    const serious = c.violations.reduce((n, v) => n + v.targets.length, 0) - critical;
    return `${c.lng}\t${c.screen}\t${critical}\t${serious}`;
  });
