import type { SiteOp } from '../../../core/operation.ts';
import { editorLinksOf } from './editor-links.ts';

type Row = Record<string, unknown>;

/**
 * A site row's picture of the resource library (a friend link's or tag word's logo) is stored as the
 * library resource's internal link, as a catalog's is: the published page gets the address its pipe
 * serves the file at, and the console the one it shows.
 */
export async function storeImage(op: SiteOp, values: Row, field: string): Promise<void> {
  const value = values[field];
  if (typeof value === 'string' && value) values[field] = (await editorLinksOf(op.tx, op.site.siteId)).store(value);
}

/** Rows with their stored picture turned back into the address the console shows (one lookup for a page of rows). */
export async function showImages(rows: Row[], op: SiteOp, field: string): Promise<Row[]> {
  if (!rows.some((r) => typeof r[field] === 'string' && (r[field] as string).startsWith('iurl://'))) return rows;
  const links = await editorLinksOf(op.tx, op.site.siteId);
  return rows.map((r) => (typeof r[field] === 'string' && r[field] ? { ...r, [field]: links.show(r[field] as string) } : r));
}
