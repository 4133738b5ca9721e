// The bench's markup check: published pages (the home page, list pages, edited and sample
// articles) against the reference markup the workload describes (expected.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The articles edited by the incremental runs (workload ids), spread over catalogs and ages. */
export const EDITED = [17, 2345, 5000, 7777, 9999];

/** What the import phase wrote to imported.json: the site and the ids it gave the workload's rows. */
export interface Imported {
  siteId: number;
  sitePath: string;
  pipeCode: string;
  catalogIds: [string, number][];
  contentIds: [number, number][];
  seconds: number;
}

/** The titles the incremental runs gave (workload id → title), kept in the work folder across runs. */
export const editsOf = (work: string): Record<number, string> => (existsSync(join(work, 'edits.json')) ? JSON.parse(readFileSync(join(work, 'edits.json'), 'utf8')) : {});

export async function checkMarkup(work: string, run: number): Promise<string[]> {
  const { readWorkload } = await import('./workload.ts');
  const { ExpectedSite, markupDifference } = await import('./expected.ts');
  const { catalogAliasOf } = await import('./import.ts');
  const { sanitizeArticle } = await import('../../server/modules/cms/content/sanitize.ts');
  const imported = JSON.parse(readFileSync(join(work, 'imported.json'), 'utf8')) as Imported;
  const data = readWorkload();
  const edits = editsOf(work);
  for (const a of data.articles) if (edits[a.id]) a.title = edits[a.id]!;
  const expected = new ExpectedSite(data, { contentIds: new Map(imported.contentIds), catalogPath: (s) => `${catalogAliasOf(s)}/`, catalogAlias: catalogAliasOf }, (a) => sanitizeArticle(a.body));
  const root = join(work, `out-${run}`, imported.sitePath);
  const problems: string[] = [];
  const check = (file: string, html: () => string) => {
    const path = join(root, file);
    if (!existsSync(path)) return void problems.push(`${file}: not published`);
    const diff = markupDifference(html(), readFileSync(path, 'utf8'));
    if (diff) problems.push(`${file}: ${diff}`);
  };
  check('index.html', () => expected.home());
  const editedArticles = data.articles.filter((a) => EDITED.includes(a.id));
  for (const slug of new Set(['catalog-01', ...editedArticles.map((a) => a.catalog)])) {
    for (const n of [1, 2, expected.listPages(slug)]) check(expected.listFile(slug, n), () => expected.list(slug, n));
  }
  for (const a of [data.articles[0]!, data.articles[4321]!, ...editedArticles]) check(expected.articleFile(a), () => expected.detail(a.id));
  return problems;
}
