import { API_BASE } from './request.ts';
import { headersFor } from './download.ts';

export type PostFormResult<T> = { ok: true; data: T } | { ok: false; message: string };

/**
 * POSTs a multipart form to the API with upload progress (fetch cannot report an upload's
 * progress, XHR can), with the token, site and language headers. The server's message comes back
 * as it is when it refuses; a broken connection or an unreadable reply gives `failedText`.
 */
export function postForm<T>(url: string, body: FormData, opts: { onProgress?(percent: number): void; failedText: string; headers?: Record<string, string> }): Promise<PostFormResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${url}`);
    for (const [k, v] of Object.entries(headersFor(opts.headers))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && opts.onProgress?.(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      try {
        const reply = JSON.parse(xhr.responseText) as { code?: number; msg?: string; data?: T };
        if (Number(reply.code) === 200) resolve({ ok: true, data: reply.data as T });
        else resolve({ ok: false, message: reply.msg || opts.failedText });
      } catch {
        resolve({ ok: false, message: opts.failedText });
      }
    };
    xhr.onerror = () => resolve({ ok: false, message: opts.failedText });
    xhr.send(body);
  });
}
