/**
 * Which files may be uploaded, and what an image really is. The list is conservative on purpose:
 * everything on it is served back from /profile/, so nothing a browser would run (html, svg, js,
 * xml…) is accepted, whatever its content.
 */

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp'] as const;
export const AVATAR_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;

export const UPLOAD_EXTENSIONS: readonly string[] = [
  ...IMAGE_EXTENSIONS,
  // office documents
  'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'csv',
  'pdf', 'txt',
  // archives
  'zip', 'rar', '7z',
  // audio
  'mp3', 'wav', 'ogg', 'm4a', 'aac', 'flac',
  // video
  'mp4', 'webm', 'mov', 'avi', 'mkv', 'ogv',
];

/** Types a browser may show inline from /profile/; everything else is sent as an attachment. */
export const INLINE_EXTENSIONS: readonly string[] = [...IMAGE_EXTENSIONS, 'pdf', 'txt', 'mp3', 'wav', 'ogg', 'm4a', 'aac', 'flac', 'mp4', 'webm', 'ogv'];

/** Lower-case extension without the dot; '' when the name has none. */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export const isImageExtension = (ext: string) => (IMAGE_EXTENSIONS as readonly string[]).includes(ext);

type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp';

/** The image format the first bytes announce, or null. */
export function sniffImage(head: Buffer): ImageKind | null {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61) return 'gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (starts([0x42, 0x4d])) return 'bmp';
  return null;
}

/** Does the content match the image extension it came with (jpg and jpeg are the same format)? */
export function imageMatches(ext: string, head: Buffer): boolean {
  const kind = sniffImage(head);
  return kind !== null && (kind === ext || (kind === 'jpeg' && (ext === 'jpg' || ext === 'jpeg')));
}

/**
 * Markup in a file that claims to be something else (a renamed .html or .svg): refused, so no
 * upload can turn into a page on our origin even if a browser ignored nosniff.
 */
export function looksLikeMarkup(head: Buffer): boolean {
  const text = head.toString('latin1').replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart().toLowerCase();
  return /^<(!doctype|html|head|body|script|svg|\?xml|iframe|object|embed)\b/.test(text);
}
