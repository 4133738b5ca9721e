/**
 * The resource library's kinds of file (ChestnutCMS resource types) and where files are kept
 * (spec §9 storage types). Shared by the server's checks, the settings' declarations and the
 * console's upload dialog, so the three never disagree about what may be uploaded.
 */

export const RESOURCE_TYPES = ['image', 'audio', 'video', 'file'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/**
 * Every suffix the server can recognise by content, per type: a site's settings may allow a subset,
 * never more. Nothing a browser would run (html, svg, js, xml) is here: an SVG is refused, since it
 * can carry script and would be served from the site's own origin.
 */
export const SUPPORTED_SUFFIXES: Record<ResourceType, readonly string[]> = {
  image: ['png', 'jpg', 'jpeg', 'gif', 'webp'],
  audio: ['mp3', 'wav', 'ogg', 'aac', 'flac', 'm4a'],
  video: ['mp4', 'webm', 'mov'],
  file: ['pdf', 'txt', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'zip', 'rar', '7z'],
};

/** What a new site allows (spec §5: images png/jpg/jpeg, files doc/xls/ppt/txt/pdf, 5 MB), widened for a CMS. */
export const DEFAULT_SUFFIXES: Record<ResourceType, readonly string[]> = {
  image: ['png', 'jpg', 'jpeg', 'gif', 'webp'],
  audio: ['mp3', 'wav', 'ogg', 'aac', 'flac', 'm4a'],
  video: ['mp4', 'webm', 'mov'],
  file: ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'pdf', 'zip'],
};

/** Size limits of a new site in MB: spec §5's 5 MB for images and files; media files are larger by nature. */
export const DEFAULT_MAX_MB: Record<ResourceType, number> = { image: 5, audio: 20, video: 100, file: 5 };
/** The most any setting may allow (one upload is streamed to disk, never held in memory). */
export const MAX_UPLOAD_MB = 1024;

/** The type a suffix belongs to, or null for one the library never accepts. */
export function resourceTypeOfSuffix(suffix: string): ResourceType | null {
  const s = suffix.toLowerCase();
  return RESOURCE_TYPES.find((t) => SUPPORTED_SUFFIXES[t].includes(s)) ?? null;
}

/** Spec §9 storage types plus Amazon S3; every one but Local speaks the S3 protocol. */
export const STORAGE_TYPES = ['Local', 'AmazonS3', 'AliyunOSS', 'TencentCOS', 'MinIO'] as const;
export type StorageType = (typeof STORAGE_TYPES)[number];
export const S3_STORAGE_TYPES = STORAGE_TYPES.filter((s) => s !== 'Local');

/** Where a watermark sits: a 3×3 grid (ChestnutCMS WatermarkerPosition names). */
export const WATERMARK_POSITIONS = [
  'TOP_LEFT', 'TOP_CENTER', 'TOP_RIGHT',
  'CENTER_LEFT', 'CENTER', 'CENTER_RIGHT',
  'BOTTOM_LEFT', 'BOTTOM_CENTER', 'BOTTOM_RIGHT',
] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];

/**
 * The most pixels an uploaded image may have: its size is read from the header and checked before
 * anything decodes it, so a tiny file announcing 10,000 × 10,000 pixels is refused, not expanded.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Largest thumbnail side a setting may ask for. */
export const MAX_THUMBNAIL_SIDE = 4000;
