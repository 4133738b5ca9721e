import { readJson, writeItem, writeJson } from '../web-storage.ts';

/**
 * An editor's unsaved work, kept in this browser's localStorage while the user types, so a reload,
 * a crash or a closed tab loses nothing: one entry per site and content (or per catalog and type
 * for a content not yet saved). A save removes it; the editor offers it back when it differs from
 * what the server has.
 */
export interface Draft<T> {
  /** when it was written (ms) */
  savedAt: number;
  /** the content's version the work started from (0 for a new content) */
  baseVersion: number;
  form: T;
}

const PREFIX = 'castanea.draft.';
/** Drafts nobody came back to for this long are dropped (a shared browser must not fill up). */
export const DRAFT_KEEP_MS = 30 * 24 * 3600 * 1000;

/** The key of an editor: an existing content by id, a new one by its catalog and type. */
export function draftKey(site: string, target: { contentId: number } | { catalogId: number; contentType: string }): string {
  return 'contentId' in target ? `${PREFIX}${site}.${target.contentId}` : `${PREFIX}${site}.new.${target.catalogId}.${target.contentType}`;
}

export function readDraft<T>(key: string, now = Date.now()): Draft<T> | null {
  const d = readJson('localStorage', key) as Draft<T> | undefined;
  if (!d || typeof d.savedAt !== 'number' || !d.form || typeof d.form !== 'object') return null;
  if (now - d.savedAt > DRAFT_KEEP_MS) {
    writeItem('localStorage', key, null);
    return null;
  }
  return d;
}

export function writeDraft<T>(key: string, baseVersion: number, form: T, now = Date.now()): void {
  writeJson('localStorage', key, { savedAt: now, baseVersion, form } satisfies Draft<T>);
}

export const clearDraft = (key: string) => writeItem('localStorage', key, null);

/** Drops every draft older than DRAFT_KEEP_MS (run once when an editor opens). */
export function pruneDrafts(now = Date.now()): void {
  if (typeof localStorage === 'undefined') return;
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k?.startsWith(PREFIX)) keys.push(k);
  }
  for (const k of keys) readDraft(k, now);
}
