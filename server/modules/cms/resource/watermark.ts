import type { OverlayOptions } from 'sharp';
import type { WatermarkPosition } from '../../../../shared/cms/resource-types.ts';
import { inspectImage, open, sharpLib } from './image.ts';

/** sharp's gravity for a cell of the 3×3 grid. */
const GRAVITY: Record<WatermarkPosition, string> = {
  TOP_LEFT: 'northwest', TOP_CENTER: 'north', TOP_RIGHT: 'northeast',
  CENTER_LEFT: 'west', CENTER: 'centre', CENTER_RIGHT: 'east',
  BOTTOM_LEFT: 'southwest', BOTTOM_CENTER: 'south', BOTTOM_RIGHT: 'southeast',
};

/** A watermark ready to stamp: an image of the library (fetched to a local file) or words. */
export type Watermark = ({ kind: 'image'; file: string } | { kind: 'text'; text: string; color: string }) & {
  /** 0 transparent … 1 opaque */
  opacity: number;
  /** percent of the image's width and height the mark may take at most */
  ratio: number;
  position: WatermarkPosition;
};

type Size = { width: number; height: number };

/**
 * The size of the mark on an image of `width` × `height`: as ChestnutCMS does, the mark may take
 * at most `ratio`% of the image's width and of its height; a larger one is scaled down keeping its
 * proportions, a smaller one is left as it is.
 */
export function markSize(image: Size, mark: Size, ratio: number): Size {
  const maxW = (image.width * ratio) / 100;
  const maxH = (image.height * ratio) / 100;
  if (mark.width <= maxW && mark.height <= maxH) return { width: mark.width, height: mark.height };
  const scale = Math.min(maxW / mark.width, maxH / mark.height);
  return { width: Math.max(1, Math.floor(mark.width * scale)), height: Math.max(1, Math.floor(mark.height * scale)) };
}

/** Pango markup is parsed: the words are escaped so a `<` in them is a character, never a tag. */
const escapeMarkup = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * Words drawn as large as fits in the ratio's box, whose height is at most a third of its width
 * (so a short word does not turn into a giant letter).
 */
async function textMark(mark: Extract<Watermark, { kind: 'text' }>, frame: Size) {
  const width = Math.max(1, Math.floor((frame.width * mark.ratio) / 100));
  const height = Math.max(1, Math.min(Math.floor((frame.height * mark.ratio) / 100), Math.ceil(width / 3)));
  return (await sharpLib())({ text: { text: `<span foreground="${mark.color}">${escapeMarkup(mark.text)}</span>`, width, height, rgba: true } });
}

async function imageMark(mark: Extract<Watermark, { kind: 'image' }>, frame: Size) {
  const size = markSize(frame, (await inspectImage(mark.file)).shown, mark.ratio);
  return (await open(mark.file, { autoOrient: true })).resize(size.width, size.height, { fit: 'fill' });
}

/** The mark as an overlay for an image of `frame`'s size (the final frame, after any crop). */
export async function markOverlay(mark: Watermark, frame: Size): Promise<OverlayOptions> {
  let overlay = (mark.kind === 'text' ? await textMark(mark, frame) : await imageMark(mark, frame)).ensureAlpha();
  if (mark.opacity < 1) {
    // dest-in keeps the mark's pixels with their alpha multiplied by the opacity.
    const alpha = Buffer.from([255, 255, 255, Math.round(255 * mark.opacity)]);
    overlay = (await open(await overlay.png().toBuffer())).composite([{ input: alpha, raw: { width: 1, height: 1, channels: 4 }, tile: true, blend: 'dest-in' }]);
  }
  return { input: await overlay.png().toBuffer(), gravity: GRAVITY[mark.position] };
}
