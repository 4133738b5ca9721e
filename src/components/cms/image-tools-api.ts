import { http, request } from '../../lib/request.ts';
import { blobErrorText } from '../../lib/download.ts';
import type { ImageEditInput, PosterInput } from '../../../shared/cms/image-edit.ts';
import { resourceResource } from '../../../shared/resources/cms/resource.ts';
import type { LibraryItem } from './resource-api.ts';

const API = resourceResource.api;

export type PreviewResult = { ok: true; blob: Blob } | { ok: false; message: string };

/**
 * POST /cms/resource/image/preview: the image as the edit would make it (nothing is stored). A
 * refusal comes back as an envelope inside the blob: its message is returned for the dialog to show.
 */
export async function previewImageEdit(edit: ImageEditInput): Promise<PreviewResult> {
  const blob = await request<Blob>({ url: `${API}/image/preview`, method: 'POST', data: edit, responseType: 'blob', headers: { repeatSubmit: false } }) as unknown as Blob;
  if (/json/i.test(blob.type)) {
    let body: { code?: unknown; msg?: unknown } | null = null;
    try {
      body = JSON.parse(await blob.text()) as { code?: unknown; msg?: unknown };
    } catch {
      body = null;
    }
    return { ok: false, message: blobErrorText(body) };
  }
  return { ok: true, blob };
}

/** POST /cms/resource/image/save: the edit applied to the stored image; the row as the list shows it. */
export const saveImageEdit = async (edit: ImageEditInput) => (await http.post<LibraryItem>(`${API}/image/save`, edit)).data;

/** POST /cms/resource/poster: the frame at `second` stored as a library image and linked to the video. */
export const takePoster = async (input: PosterInput) => (await http.post<{ poster: LibraryItem; video: LibraryItem }>(`${API}/poster`, input)).data;

/** The site's watermark settings, to start the dialog's watermark from; null when they cannot be read (no settings key). */
export async function siteWatermarkDefaults(): Promise<Record<string, string> | null> {
  try {
    return (await http.get<Record<string, string>>('/cms/setting/watermark', undefined, { quiet: true })).data ?? null;
  } catch {
    return null;
  }
}
