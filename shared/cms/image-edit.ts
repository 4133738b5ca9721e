import { z } from 'zod';
import { id } from '../validators/common.ts';
import { v } from '../validators/issues.ts';
import { WATERMARK_DEFAULT_OPACITY, WATERMARK_MIN_RATIO } from '../constants.ts';
import { MAX_IMAGE_PIXELS, WATERMARK_POSITIONS } from './resource-types.ts';

/**
 * The library's image tools (issue 29 §5): one edit is a flip, a rotation, a crop and a watermark,
 * applied in that order (the order cropperjs shows them in: the image is mirrored, then turned, and
 * the crop rectangle is measured on the turned image; the watermark sits on the final frame). The
 * server previews an edit without storing anything and applies it on save. Shared by the routes'
 * checks and the console's dialog.
 */

/** Quarter turns only: anything else would need a background colour for the corners. */
export const ROTATIONS = [90, 180, 270] as const;
export const WATERMARK_TYPES = ['image', 'text'] as const;
export type WatermarkType = (typeof WATERMARK_TYPES)[number];
/** Longest text a text watermark may hold. */
export const WATERMARK_TEXT_MAX = 50;
/** Largest side of a preview image the server sends back (the dialog shows it scaled anyway). */
export const PREVIEW_MAX_SIDE = 1600;
/** The largest side any image can have under the pixel limit, for the crop fields' bounds. */
const MAX_SIDE = MAX_IMAGE_PIXELS;

const int = (min: number, max: number) =>
  z.number({ error: v('range', { min, max }) }).int(v('range', { min, max })).min(min, v('range', { min, max })).max(max, v('range', { min, max }));
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export const watermarkSchema = z.object({
  type: z.enum(WATERMARK_TYPES, { error: v('invalid') }),
  /** an image of the site's library (type image) */
  imageId: id().optional(),
  /** the words (type text) */
  text: z.string().trim().max(WATERMARK_TEXT_MAX, v('tooLong')).optional(),
  color: z.string().trim().regex(HEX_COLOR, v('color')).optional(),
  position: z.enum(WATERMARK_POSITIONS, { error: v('invalid') }),
  /** 0 transparent … 1 opaque (spec §9) */
  opacity: z.number({ error: v('range', { min: 0, max: 1 }) }).min(0, v('range', { min: 0, max: 1 })).max(1, v('range', { min: 0, max: 1 })).default(WATERMARK_DEFAULT_OPACITY),
  /** at most this percent of the image's width and height (spec §9: at least 20) */
  ratio: int(WATERMARK_MIN_RATIO, 100).default(30),
}).superRefine((w, ctx) => {
  if (w.type === 'image' && !w.imageId) ctx.addIssue({ code: 'custom', path: ['imageId'], message: v('required') });
  if (w.type === 'text' && !w.text) ctx.addIssue({ code: 'custom', path: ['text'], message: v('required') });
});
export type WatermarkSpec = z.output<typeof watermarkSchema>;

export const cropSchema = z.object({
  x: int(0, MAX_SIDE),
  y: int(0, MAX_SIDE),
  width: int(1, MAX_SIDE),
  height: int(1, MAX_SIDE),
});
export type CropRect = z.output<typeof cropSchema>;

export const imageEditSchema = z.object({
  resourceId: id(),
  /** mirror left-right (cropperjs scaleX -1) */
  flipX: z.boolean({ error: v('invalid') }).optional(),
  /** mirror top-bottom (cropperjs scaleY -1) */
  flipY: z.boolean({ error: v('invalid') }).optional(),
  rotate: z.union([z.literal(90), z.literal(180), z.literal(270)], { error: v('rotation') }).optional(),
  /** in pixels of the flipped and turned image */
  crop: cropSchema.optional(),
  watermark: watermarkSchema.optional(),
});
export type ImageEdit = z.output<typeof imageEditSchema>;
export type ImageEditInput = z.input<typeof imageEditSchema>;

/** The size of an image of `width` × `height` once turned by `rotate`. */
export const turnedSize = (width: number, height: number, rotate?: number) =>
  rotate === 90 || rotate === 270 ? { width: height, height: width } : { width, height };

/**
 * Where the crop rectangle does not fit in the turned image: the field it overflows on (`x`
 * past the right edge is reported on `width`…), or null when it fits.
 */
export function cropOverflow(crop: CropRect, size: { width: number; height: number }): 'x' | 'y' | 'width' | 'height' | null {
  if (crop.x >= size.width) return 'x';
  if (crop.y >= size.height) return 'y';
  if (crop.x + crop.width > size.width) return 'width';
  if (crop.y + crop.height > size.height) return 'height';
  return null;
}

/** A poster frame (POST /cms/resource/poster): the video and the second to take. */
export const posterSchema = z.object({
  resourceId: id(),
  second: z.number({ error: v('range', { min: 0, max: 86_400 }) }).min(0, v('range', { min: 0, max: 86_400 })).max(86_400, v('range', { min: 0, max: 86_400 })),
});
export type PosterInput = z.input<typeof posterSchema>;
