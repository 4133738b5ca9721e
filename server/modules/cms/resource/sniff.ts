import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { resourceTypeOfSuffix, type ResourceType } from '../../../../shared/cms/resource-types.ts';
import { fail } from '../../../core/errors.ts';
import { looksLikeMarkup } from '../../common/index.ts';

/**
 * What the content of an upload is, read from its bytes (file-type's magic numbers), and whether
 * the name's suffix agrees: a `.png` that is HTML, or a `.mp3` that is a PNG, is refused. The
 * suffix alone never decides anything.
 */

/** The formats file-type may report for content that honestly carries each suffix. */
const CONTENT_OF: Record<string, readonly string[]> = {
  png: ['png'], jpg: ['jpg'], jpeg: ['jpg'], gif: ['gif'], webp: ['webp'],
  mp3: ['mp3'], wav: ['wav'], ogg: ['ogg', 'oga', 'opus'], aac: ['aac'], flac: ['flac'], m4a: ['m4a', 'mp4'],
  mp4: ['mp4', 'm4v'], webm: ['webm'], mov: ['mov'],
  pdf: ['pdf'], doc: ['cfb'], xls: ['cfb'], ppt: ['cfb'], docx: ['docx'], xlsx: ['xlsx'], pptx: ['pptx'],
  zip: ['zip'], rar: ['rar'], '7z': ['7z'],
};

/** The Content-Type a stored suffix is served with: ours, never the uploader's. */
export const MIME_OF: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp',
  mp3: 'audio/mpeg', wav: 'audio/wav', ogg: 'audio/ogg', aac: 'audio/aac', flac: 'audio/flac', m4a: 'audio/mp4',
  mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime',
  pdf: 'application/pdf', txt: 'text/plain; charset=utf-8',
  doc: 'application/msword', xls: 'application/vnd.ms-excel', ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip', rar: 'application/vnd.rar', '7z': 'application/x-7z-compressed',
};
export const mimeOf = (suffix: string) => MIME_OF[suffix] ?? 'application/octet-stream';

const TEXT_PROBE = 8192;

/** Plain text: no NUL bytes, valid UTF-8, and not a web page in disguise. */
async function isPlainText(file: string): Promise<boolean> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(TEXT_PROBE);
    const { bytesRead } = await fh.read(buf, 0, TEXT_PROBE, 0);
    const head = buf.subarray(0, bytesRead);
    if (head.includes(0) || looksLikeMarkup(head)) return false;
    // A multi-byte character cut at the probe's end is not an error.
    const whole = bytesRead < TEXT_PROBE ? head : head.subarray(0, Math.max(0, bytesRead - 4));
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(whole);
      return true;
    } catch {
      return false;
    }
  } finally {
    await fh.close();
  }
}

export interface Sniffed {
  type: ResourceType;
  suffix: string;
  mime: string;
}

/**
 * Checks that the file at `file`, uploaded as `suffix`, is what the suffix says and of a type the
 * library keeps; answers its resource type. Refusals name the suffix.
 */
export async function sniff(file: string, suffix: string): Promise<Sniffed> {
  if (suffix === 'svg' || suffix === 'svgz') throw fail('library.svg');
  const type = resourceTypeOfSuffix(suffix);
  if (!type) throw fail('library.unsupported', { ext: suffix || '—' });
  const detected = await fileTypeFromFile(file);
  const ok = suffix === 'txt' ? !detected && (await isPlainText(file)) : !!detected && (CONTENT_OF[suffix] ?? []).includes(detected.ext);
  if (!ok) throw fail('upload.badContent', { ext: suffix });
  return { type, suffix, mime: mimeOf(suffix) };
}
