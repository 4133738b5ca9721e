import type { PreviewType } from '../validators/preview.ts';

/**
 * What the console's preview page shows (`/cms/preview?type=&id=&pp=&pi=&chapter=&list=`), and how
 * the server's preview links (`/prod-api/cms/preview/<type>/<id>?pp=…`, printed into previewed
 * pages) map onto it. No token anywhere: the page fetches each preview with its Bearer header.
 */
export interface PreviewTarget {
  type: PreviewType;
  id: number;
  pp?: string;
  pi?: number;
  chapter?: number;
  list?: 'Y';
}

export const PREVIEW_ROUTE = '/cms/preview';

const TYPES = new Set<string>(['site', 'catalog', 'content']);
const posInt = (v: string | null) => (v && /^\d{1,15}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

/** The target's query string, in a fixed order (type, id, pp, pi, chapter, list). */
export function previewQueryOf(t: PreviewTarget): string {
  const q = new URLSearchParams({ type: t.type, id: String(t.id) });
  if (t.pp) q.set('pp', t.pp);
  if (t.pi && t.pi > 1) q.set('pi', String(t.pi));
  if (t.chapter) q.set('chapter', String(t.chapter));
  if (t.list === 'Y') q.set('list', 'Y');
  return q.toString();
}

/** The console route of a preview: `/cms/preview?type=content&id=12`. */
export const previewRoute = (t: PreviewTarget) => `${PREVIEW_ROUTE}?${previewQueryOf(t)}`;

/** The target the console page's query names, or null. */
export function targetOfQuery(search: string): PreviewTarget | null {
  const q = new URLSearchParams(search);
  const type = q.get('type') ?? '';
  const id = posInt(q.get('id'));
  if (!TYPES.has(type) || !id) return null;
  const pp = q.get('pp') ?? '';
  return {
    type: type as PreviewType, id,
    ...(/^[A-Za-z0-9_]{1,20}$/.test(pp) ? { pp } : {}),
    ...(posInt(q.get('pi')) ? { pi: posInt(q.get('pi')) } : {}),
    ...(posInt(q.get('chapter')) ? { chapter: posInt(q.get('chapter')) } : {}),
    ...(q.get('list') === 'Y' ? { list: 'Y' as const } : {}),
  };
}

/** The target of a link inside a previewed page (the server's preview route), or null for any other link. */
export function targetOfLink(href: string): PreviewTarget | null {
  let url: URL;
  try {
    url = new URL(href, 'http://preview.invalid/');
  } catch {
    return null;
  }
  const m = /\/cms\/preview\/(site|catalog|content)\/(\d{1,15})$/.exec(url.pathname);
  if (!m) return null;
  const q = new URLSearchParams(url.search);
  q.set('type', m[1]!);
  q.set('id', m[2]!);
  return targetOfQuery(q.toString());
}

/** The server's preview call for a target: its path and query (ChestnutCMS's names pp, pi, list, chapter). */
export function previewApi(t: PreviewTarget): { path: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  if (t.pp) params.pp = t.pp;
  if (t.pi && t.pi > 1) params.pi = String(t.pi);
  if (t.chapter) params.chapter = String(t.chapter);
  if (t.list === 'Y') params.list = 'Y';
  return { path: `/cms/preview/${t.type}/${t.id}`, params };
}
