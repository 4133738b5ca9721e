import { FieldFailure, fail } from '../../../core/errors.ts';
import { cropOverflow, turnedSize, type CropRect } from '../../../../shared/cms/image-edit.ts';
import { open, type ImageInfo } from './image.ts';
import { markOverlay, type Watermark } from './watermark.ts';

/** What one edit does to the pixels: the shared ImageEdit without its ids, the mark ready to stamp. */
export interface PixelEdit {
  flipX?: boolean;
  flipY?: boolean;
  rotate?: 90 | 180 | 270;
  crop?: CropRect;
  mark?: Watermark | null;
}

/** The size an edit gives an image shown at `shown`: turned, then cropped. */
export function editedSize(shown: { width: number; height: number }, edit: PixelEdit) {
  const turned = turnedSize(shown.width, shown.height, edit.rotate);
  return edit.crop ? { width: edit.crop.width, height: edit.crop.height } : turned;
}

/**
 * Refuses a crop rectangle that does not lie inside the turned image, naming the field it
 * overflows on and the size it must fit in.
 */
export function checkCrop(image: ImageInfo, edit: PixelEdit) {
  if (!edit.crop) return;
  const turned = turnedSize(image.shown.width, image.shown.height, edit.rotate);
  const field = cropOverflow(edit.crop, turned);
  if (field) throw new FieldFailure([{ field: `crop.${field}`, key: 'cropOutside', params: turned }], 'imageEdit');
}

/**
 * Writes `src` edited to `out`, in its own format, in one libvips pipeline: turned as its EXIF
 * orientation says (as the browser showed it to the cropper), mirrored, turned by `rotate`,
 * cropped, then stamped. The decode is bounded like every other (image.ts `open`). An animated
 * image is refused: its frames would be flattened into one.
 */
export async function applyEdit(src: string, out: string, image: ImageInfo, edit: PixelEdit): Promise<{ width: number; height: number }> {
  if (image.animated) throw fail('library.animatedEdit');
  checkCrop(image, edit);
  // libvips mirrors before it turns, whatever the call order: as cropperjs does (the test pins it).
  let pipeline = await open(src, { autoOrient: true });
  if (edit.flipX) pipeline = pipeline.flop();
  if (edit.flipY) pipeline = pipeline.flip();
  if (edit.rotate) pipeline = pipeline.rotate(edit.rotate);
  const size = editedSize(image.shown, edit);
  // extract after rotate/flip in the call order: libvips crops the turned, mirrored image.
  if (edit.crop) pipeline = pipeline.extract({ left: edit.crop.x, top: edit.crop.y, width: edit.crop.width, height: edit.crop.height });
  if (edit.mark) pipeline = pipeline.composite([await markOverlay(edit.mark, size)]);
  await pipeline.toFormat(image.format).toFile(out);
  return size;
}
