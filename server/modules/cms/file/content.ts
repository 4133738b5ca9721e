import { readFile } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import { fail } from '../../../core/errors.ts';
import { looksLikeMarkup } from '../../common/index.ts';
import { isTextFile, suffixOf } from '../../../../shared/cms/site-files.ts';

/**
 * Whether a file's bytes are what its name says, as for the resource library (resource/sniff.ts):
 * the suffix alone never decides. Images and fonts must carry their format's magic numbers; text
 * files must be UTF-8 without NUL bytes and no binary format, and a stylesheet, script, JSON or
 * .txt file must not be a web page in disguise. (HTML and XML are markup by nature: they are the
 * site's pages and feeds, published like the templates' output.)
 */

/** The formats file-type may report for content that honestly carries each binary suffix. */
const BINARY_FORMATS: Record<string, readonly string[]> = {
  png: ['png'], jpg: ['jpg'], jpeg: ['jpg'], gif: ['gif'], webp: ['webp'], ico: ['ico', 'cur'],
  woff: ['woff'], woff2: ['woff2'], ttf: ['ttf'], otf: ['otf'],
};

const MARKUP_ALLOWED = new Set(['html', 'htm', 'xml']);

/** Text the editor may show and save: valid UTF-8, no NUL. */
export function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Refuses `bytes` as the content of a file named `name` unless they are what the name says. */
export async function checkContent(bytes: Buffer, name: string): Promise<void> {
  const suffix = suffixOf(name);
  const detected = await fileTypeFromBuffer(bytes);
  if (isTextFile(name)) {
    const ok = (!detected || (suffix === 'xml' && detected.ext === 'xml')) && isUtf8Text(bytes) && (MARKUP_ALLOWED.has(suffix) || !looksLikeMarkup(bytes.subarray(0, 8192)));
    if (!ok) throw fail('file.badContent', { name, ext: suffix });
    return;
  }
  if (!detected || !(BINARY_FORMATS[suffix] ?? []).includes(detected.ext)) throw fail('file.badContent', { name, ext: suffix });
}

export const checkFileContent = async (file: string, name: string) => checkContent(await readFile(file), name);
