import type { FieldIssue } from '../validators/issues.ts';

/** Spaces per level in a batch-add outline (spec §9: one per line, two spaces per level). */
export const OUTLINE_INDENT = 2;
/** Deepest catalog level (ChestnutCMS CATALOG_MAX_TREE_LEVEL). */
export const MAX_CATALOG_LEVEL = 16;
/** Most names one batch add takes. */
export const MAX_OUTLINE_LINES = 500;

export interface OutlineEntry {
  name: string;
  /** 0 = directly under the chosen parent */
  level: number;
  /** 1-based line number in the text */
  line: number;
}

/**
 * Reads a batch-add outline: one name per line, each level indented two spaces more than its
 * parent. Blank lines are skipped. A line indented by an odd number of spaces, with a tab, deeper
 * than one level below the line before it, or with a name over 100 characters is an issue naming
 * its line; nothing is created unless the whole outline is good.
 */
export function parseOutline(text: string): { entries: OutlineEntry[]; issues: FieldIssue[] } {
  const entries: OutlineEntry[] = [];
  const issues: FieldIssue[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let previous = -1;
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '') return;
    const indent = /^[ \t]*/.exec(raw)![0];
    const name = raw.trim();
    if (indent.includes('\t') || indent.length % OUTLINE_INDENT !== 0) {
      issues.push({ field: 'catalogs', key: 'outlineIndent', params: { line } });
      return;
    }
    const level = indent.length / OUTLINE_INDENT;
    if (level > previous + 1) {
      issues.push({ field: 'catalogs', key: 'outlineDepth', params: { line } });
      return;
    }
    if (name.length > 100) {
      issues.push({ field: 'catalogs', key: 'outlineName', params: { line, max: 100 } });
      return;
    }
    previous = level;
    entries.push({ name, level, line });
  });
  if (!entries.length && !issues.length) issues.push({ field: 'catalogs', key: 'required', params: {} });
  if (entries.length > MAX_OUTLINE_LINES) issues.push({ field: 'catalogs', key: 'outlineTooLong', params: { max: MAX_OUTLINE_LINES } });
  return { entries, issues };
}
