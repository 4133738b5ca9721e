import { atom } from 'nanostores';
import { API_BASE, requestContext, toQueryString } from './request.ts';
import { DOWNLOAD_FILENAME_HEADER, DOWNLOAD_URL, EXPORT_HEADER, REQUEST_TIMEOUT_MS } from '../../shared/constants.ts';
import { getToken } from './auth/token.ts';
import requestNs from './i18n/ns/request.ts';

/**
 * Downloads of spec §7: blobs by GET or by form-encoded POST, the export variant, zips. While one
 * runs `$downloading` is above 0 (a loading overlay shows); a JSON reply inside the blob is an
 * error shown as a message (code table, else msg, else default); any other failure shows
 * "download failed, contact administrator".
 */

/** Downloads in progress; the overlay widget shows while above 0. */
export const $downloading = atom(0);

export interface DownloadOptions {
  method?: 'GET' | 'POST';
  /** query (GET) or form-encoded body (POST) */
  params?: Record<string, unknown>;
  /** file name when the reply names none */
  filename?: string;
  headers?: Record<string, string>;
}

/** What to do with a reply: save the blob under a name, or show an error text. */
export type DownloadResult = { ok: true; blob: Blob; filename: string } | { ok: false; text: string };

const isJson = (type: string | null | undefined) => !!type && /json/i.test(type);

/** The message for an error envelope found inside a blob (spec §8 "blob download returning JSON"). */
export function blobErrorText(body: { code?: unknown; msg?: unknown } | null): string {
  const code = Number(body?.code);
  if (code === 401 || code === 403 || code === 404) return requestNs.t(`codes.${code}`);
  return (typeof body?.msg === 'string' && body.msg) || requestNs.t('codes.default');
}

/** Reads a reply into a DownloadResult (exported for tests). */
export async function readDownload(res: Response, fallbackName: string): Promise<DownloadResult> {
  if (!res.ok) return { ok: false, text: requestNs.t('downloadFailed') };
  const blob = await res.blob();
  if (isJson(res.headers.get('content-type')) || isJson(blob.type)) {
    let body: { code?: unknown; msg?: unknown } | null = null;
    try {
      body = JSON.parse(await blob.text()) as { code?: unknown; msg?: unknown };
    } catch {
      return { ok: false, text: requestNs.t('downloadFailed') };
    }
    return { ok: false, text: blobErrorText(body) };
  }
  const header = res.headers.get(DOWNLOAD_FILENAME_HEADER);
  let filename = fallbackName;
  if (header) {
    try {
      filename = decodeURIComponent(header);
    } catch {
      filename = header;
    }
  }
  return { ok: true, blob, filename };
}

/** Token, site and language headers for calls made outside the request layer (blobs, uploads); a `CurrentSite` in `extra` wins. */
export function headersFor(extra: Record<string, string> = {}): Record<string, string> {
  const context = requestContext();
  const h: Record<string, string> = { 'Accept-Language': context.language(), ...extra };
  const token = getToken();
  if (token) h.Authorization = `Bearer ${token}`;
  const site = context.site();
  if (site && h.CurrentSite === undefined) h.CurrentSite = site;
  return h;
}

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Runs one download: true when a file was saved. Never throws; failures are shown. */
export async function download(url: string, opts: DownloadOptions = {}): Promise<boolean> {
  const method = opts.method ?? 'GET';
  const params = opts.params ?? {};
  const query = method === 'GET' ? toQueryString(params) : '';
  const target = `${API_BASE}${url}${query ? `${url.includes('?') ? '&' : '?'}${query}` : ''}`;
  const init: RequestInit = { method, headers: headersFor(opts.headers), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) };
  if (method === 'POST') {
    (init.headers as Record<string, string>)['Content-Type'] = 'application/x-www-form-urlencoded';
    init.body = toQueryString(params);
  }
  $downloading.set($downloading.get() + 1);
  try {
    const res = await globalThis.fetch(target, init);
    const result = await readDownload(res, opts.filename ?? url.split('/').pop() ?? 'download');
    if (!result.ok) {
      requestContext().notices.message.error(result.text);
      return false;
    }
    saveBlob(result.blob, result.filename);
    return true;
  } catch {
    requestContext().notices.message.error(requestNs.t('downloadFailed'));
    return false;
  } finally {
    $downloading.set($downloading.get() - 1);
  }
}

/** A stored file by its server path (GET /common/download?path=). */
export const downloadFile = (path: string, filename?: string) => download(DOWNLOAD_URL, { params: { path }, filename });
/** A form-encoded POST answered with a blob. */
export const postDownload = (url: string, params: Record<string, unknown>, filename?: string) => download(url, { method: 'POST', params, filename });
/** A list export: POST on the list path with header cc-export: 1, answered with an .xlsx. */
export const exportDownload = (url: string, params: Record<string, unknown>, filename?: string) =>
  download(url, { method: 'POST', params, filename, headers: { [EXPORT_HEADER]: '1' } });
/** A zip by GET (e.g. a theme export). */
export const zipDownload = (url: string, filename: string) => download(url, { filename });
