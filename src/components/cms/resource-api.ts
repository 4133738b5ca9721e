import { http } from '../../lib/request.ts';
import { download } from '../../lib/download.ts';
import { postForm } from '../../lib/multipart.ts';
import type { ResourceType } from '../../../shared/cms/resource-types.ts';
import { resourceResource } from '../../../shared/resources/cms/resource.ts';
import { siteHeaders } from '../../lib/cms/site-scope.ts';

/** A library row as the server replies it (with its addresses). */
export interface LibraryItem {
  resourceId: number;
  name: string;
  resourceType: ResourceType;
  fileName: string;
  suffix: string;
  fileSize: number;
  width: number | null;
  height: number | null;
  src: string;
  thumbSrc: string | null;
  /** when it was last changed (an image edited, a poster linked); null until then */
  updateTime?: string | null;
}

/** What the current site accepts per type (GET /cms/resource/types). */
export interface TypeRule {
  id: ResourceType;
  name: string;
  suffixes: string[];
  maxMb: number;
}

const API = resourceResource.api;

/** `siteId`: the library of that site rather than the current one's (a site's own edit tabs). */
export const fetchTypeRules = async (siteId?: number) => (await http.get<TypeRule[]>(`${API}/types`, undefined, { headers: siteHeaders(siteId) })).data ?? [];

export async function fetchLibrary(params: { resourceType?: string; name?: string; pageNum: number; pageSize: number }, siteId?: number) {
  const data = (await http.get<{ rows: LibraryItem[]; total: number }>(`${API}/list`, params, { headers: siteHeaders(siteId) })).data;
  return { rows: data?.rows ?? [], total: Number(data?.total ?? 0) };
}

export const downloadResource = (row: { resourceId: unknown; fileName?: unknown }) =>
  download(`${API}/download/${String(row.resourceId)}`, { filename: String(row.fileName ?? '') });

export type UploadResult = { ok: true; item: LibraryItem } | { ok: false; message: string };

/** POST /cms/resource/upload with progress; the server's message comes back as it is. */
export async function uploadToLibrary(file: File, fields: { resourceType?: string; name?: string }, onProgress: (percent: number) => void, failedText: string, siteId?: number): Promise<UploadResult> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v) body.append(k, v);
  body.append('file', file);
  const out = await postForm<LibraryItem>(`${API}/upload`, body, { onProgress, failedText, headers: siteHeaders(siteId) });
  if (out.ok && !out.data) return { ok: false, message: failedText };
  return out.ok ? { ok: true, item: out.data } : out;
}
