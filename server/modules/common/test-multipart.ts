// Test-only: a multipart/form-data body for app.inject (one file part, optional text fields).
import { randomBytes } from 'node:crypto';

export function multipartBody(field: string, filename: string, content: Buffer, opts: { contentType?: string; fields?: Record<string, string> } = {}) {
  const boundary = `----castanea${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(opts.fields ?? {})) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${opts.contentType ?? 'application/octet-stream'}\r\n\r\n`));
  chunks.push(content, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Bytes that sniff as a PNG (signature plus padding); enough for the format check. */
export const pngBytes = (size = 64) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(Math.max(0, size - 8), 1)]);
export const jpegBytes = (size = 64) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(Math.max(0, size - 4), 2)]);
