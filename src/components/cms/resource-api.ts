import { API_BASE, http } from '../../lib/request.ts';
import { download, headersFor } from '../../lib/download.ts';
import type { ResourceType } from '../../lib/cms/resource-types.ts';
import { resourceResource } from '../../lib/resources/cms/resource.ts';
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

/**
 * POST /cms/resource/upload with progress (fetch cannot report an upload's progress, XHR can).
 * The server's message comes back as it is; a broken connection gives `failedText`.
 */
export function uploadToLibrary(file: File, fields: { resourceType?: string; name?: string }, onProgress: (percent: number) => void, failedText: string, siteId?: number): Promise<UploadResult> {
  return new Promise((resolve) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) if (v) body.append(k, v);
    body.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${API}/upload`);
    for (const [k, v] of Object.entries(headersFor(siteHeaders(siteId)))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      try {
        const reply = JSON.parse(xhr.responseText) as { code?: number; msg?: string; data?: LibraryItem };
        if (Number(reply.code) === 200 && reply.data) resolve({ ok: true, item: reply.data });
        else resolve({ ok: false, message: reply.msg || failedText });
      } catch {
        resolve({ ok: false, message: failedText });
      }
    };
    xhr.onerror = () => resolve({ ok: false, message: failedText });
    xhr.send(body);
  });
}
