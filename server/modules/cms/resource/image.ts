import type { FormatEnum, Metadata } from 'sharp';
import { MAX_IMAGE_PIXELS, type WatermarkPosition } from '../../../../shared/cms/resource-types.ts';
import { fail } from '../../../core/errors.ts';

let loaded: Promise<typeof import('sharp').default> | undefined;
/** sharp (libvips) loads at the first image, not at the server's start nor in every API test. */
const sharpLib = () =>
  (loaded ??= import('sharp').then(({ default: sharp }) => {
    // One image at a time per operation and no decoded-image cache: uploads must not hold memory.
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  }));

/** Every decode is bounded: libvips refuses an input above the pixel limit before expanding it. */
const open = async (input: string | Buffer, animated = false) => (await sharpLib())(input, { limitInputPixels: MAX_IMAGE_PIXELS, animated });

export interface ImageInfo {
  width: number;
  height: number;
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
  return { width, height, animated: (meta.pages ?? 1) > 1, format: meta.format };
}

/** sharp's gravity for a cell of the 3×3 grid. */
const GRAVITY: Record<WatermarkPosition, string> = {
  TOP_LEFT: 'northwest', TOP_CENTER: 'north', TOP_RIGHT: 'northeast',
  CENTER_LEFT: 'west', CENTER: 'centre', CENTER_RIGHT: 'east',
  BOTTOM_LEFT: 'southwest', BOTTOM_CENTER: 'south', BOTTOM_RIGHT: 'southeast',
};

export interface Watermark {
  /** the mark image (a local file) */
  file: string;
  /** 0 transparent … 1 opaque */
  opacity: number;
  /** percent of the image's width and height the mark may take at most */
  ratio: number;
  position: WatermarkPosition;
}

/**
 * The size of the mark on an image of `width` × `height`: as ChestnutCMS does, the mark may take
 * at most `ratio`% of the image's width and of its height; a larger one is scaled down keeping its
 * proportions, a smaller one is left as it is.
 */
export function markSize(image: { width: number; height: number }, mark: { width: number; height: number }, ratio: number) {
  const maxW = (image.width * ratio) / 100;
  const maxH = (image.height * ratio) / 100;
  if (mark.width <= maxW && mark.height <= maxH) return { width: mark.width, height: mark.height };
  const scale = Math.min(maxW / mark.width, maxH / mark.height);
  return { width: Math.max(1, Math.floor(mark.width * scale)), height: Math.max(1, Math.floor(mark.height * scale)) };
}

/** Writes `src` with the watermark stamped on it to `out`, in the same format. */
export async function stampWatermark(src: string, out: string, image: ImageInfo, mark: Watermark): Promise<void> {
  const markInfo = await inspectImage(mark.file);
  const size = markSize(image, markInfo, mark.ratio);
  let overlay = (await open(mark.file)).resize(size.width, size.height, { fit: 'fill' }).ensureAlpha();
  if (mark.opacity < 1) {
    // dest-in keeps the mark's pixels with their alpha multiplied by the opacity.
    const alpha = Buffer.from([255, 255, 255, Math.round(255 * mark.opacity)]);
    overlay = (await open(await overlay.png().toBuffer())).composite([{ input: alpha, raw: { width: 1, height: 1, channels: 4 }, tile: true, blend: 'dest-in' }]);
  }
  await (await open(src))
    .composite([{ input: await overlay.png().toBuffer(), gravity: GRAVITY[mark.position] }])
    .toFormat(image.format)
    .toFile(out);
}

/** Writes a thumbnail of `src` that fits in `width` × `height` (never enlarged) to `out`, in the same format. */
export async function makeThumbnail(src: string, out: string, image: ImageInfo, width: number, height: number): Promise<void> {
  await (await open(src))
    .resize(width, height, { fit: 'inside', withoutEnlargement: true })
    .toFormat(image.format)
    .toFile(out);
}
