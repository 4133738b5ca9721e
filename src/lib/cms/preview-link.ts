import type { PreviewType } from '../../../shared/validators/preview.ts';

/**
 * What the console's preview page shows (`/cms/preview?type=&id=&pp=&pi=&chapter=&list=`): the
 * links of previewed pages lead to it too (the server prints them with the console's origin,
 * template/urls.ts). No token anywhere: the page asks for each preview with its Bearer header, and
 * the frame shows the page from the sites' port under a short-lived ticket.
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

/** The server's preview call for a target: its path and query (ChestnutCMS's names pp, pi, list, chapter). */
export function previewApi(t: PreviewTarget): { path: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  if (t.pp) params.pp = t.pp;
  if (t.pi && t.pi > 1) params.pi = String(t.pi);
  if (t.chapter) params.chapter = String(t.chapter);
  if (t.list === 'Y') params.list = 'Y';
  return { path: `/cms/preview/${t.type}/${t.id}`, params };
}

/**
 * The sandbox of a frame showing a previewed page. The page comes from the sites' port (another
 * origin than the console's), and without allow-same-origin it runs in an opaque origin of its own:
 * its scripts run, as on the published site, but can read nothing of the sites' origin either.
 * Links open new tabs (popups, as ordinary tabs); the preview page's frame may also move the
 * console's page to another preview, only on a click (`topOnClick`).
 */
export const previewSandbox = (topOnClick: boolean) =>
  `allow-scripts allow-popups allow-popups-to-escape-sandbox${topOnClick ? ' allow-top-navigation-by-user-activation' : ''}`;
