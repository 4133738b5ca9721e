import type { FormatEnum, Metadata } from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../../../shared/cms/resource-types.ts';
import { fail } from '../../../core/errors.ts';

let loaded: Promise<typeof import('sharp').default> | undefined;
/** sharp (libvips) loads at the first image, not at the server's start nor in every API test. */
export const sharpLib = () =>
  (loaded ??= import('sharp').then(({ default: sharp }) => {
    // One image at a time per operation and no decoded-image cache: uploads must not hold memory.
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  }));

/**
 * Every decode is bounded: libvips refuses an input above the pixel limit before expanding it.
 * `autoOrient` turns a photo the way its EXIF orientation says, as browsers show it.
 */
export const open = async (input: string | Buffer, opts: { animated?: boolean; autoOrient?: boolean } = {}) =>
  (await sharpLib())(input, { limitInputPixels: MAX_IMAGE_PIXELS, animated: opts.animated ?? false, autoOrient: opts.autoOrient ?? false });

export interface ImageInfo {
  width: number;
  height: number;
  /** the size as shown, once its EXIF orientation is applied (what the console's cropper measures) */
  shown: { width: number; height: number };
  /** more than one frame (an animated GIF or WebP) */
  animated: boolean;
  format: keyof FormatEnum;
}

/**
 * An image's size from its header alone, refused (with the limit in the message) when it has more
 * pixels than MAX_IMAGE_PIXELS, before anything decodes it: a tiny file announcing 10,000 × 10,000
 * pixels is a decompression bomb.
 */
export async function inspectImage(file: string): Promise<ImageInfo> {
  let meta: Metadata;
  try {
    meta = await (await sharpLib())(file).metadata();
  } catch {
    throw fail('library.badImage');
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (!width || !height) throw fail('library.badImage');
  if (width * height > MAX_IMAGE_PIXELS) {
    throw fail('library.tooManyPixels', { width, height, limit: MAX_IMAGE_PIXELS.toLocaleString('en-US') });
  }
  const shown = meta.autoOrient ? { width: meta.autoOrient.width, height: meta.autoOrient.height } : { width, height };
  return { width, height, shown, animated: (meta.pages ?? 1) > 1, format: meta.format };
}

/** Writes a thumbnail of `src` that fits in `width` × `height` (never enlarged) to `out`, in the same format. */
export async function makeThumbnail(src: string, out: string, image: ImageInfo, width: number, height: number): Promise<void> {
  await (await open(src, { autoOrient: true }))
    .resize(width, height, { fit: 'inside', withoutEnlargement: true })
    .toFormat(image.format)
    .toFile(out);
}
