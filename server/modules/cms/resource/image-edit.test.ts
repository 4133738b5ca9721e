import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { applyEdit } from './image-edit.ts';
import { inspectImage } from './image.ts';
import { quadrants, colourAt } from './test-files.ts';

// The pixel pipeline alone: cropperjs's order (mirror, turn, crop) on an image whose quarters
// differ, so a wrong order or direction shows as a wrong colour in a corner.
const dir = mkdtempSync(join(tmpdir(), 'castanea-edit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

async function edited(edit: Parameters<typeof applyEdit>[3]) {
  const src = join(dir, `src-${++n}.png`);
  writeFileSync(src, await quadrants(40, 20));
  const out = join(dir, `out-${n}.png`);
  const size = await applyEdit(src, out, await inspectImage(src), edit);
  const meta = await sharp(out).metadata();
  expect([meta.width, meta.height]).toEqual([size.width, size.height]);
  return { out, size, corners: await corners(out) };
}
/** The colour names of the top-left, top-right, bottom-right and bottom-left corners. */
async function corners(file: string) {
  const { width = 0, height = 0 } = await sharp(file).metadata();
  return Promise.all([[1, 1], [width - 2, 1], [width - 2, height - 2], [1, height - 2]].map(([x, y]) => colourAt(file, x!, y!)));
}

describe('applyEdit', () => {
  it('leaves an image without edits as it was', async () => {
    expect((await edited({})).corners).toEqual(['red', 'green', 'white', 'blue']);
  });
  it('turns clockwise by a quarter, a half and three quarters, swapping the sides on quarters', async () => {
    expect(await edited({ rotate: 90 })).toMatchObject({ size: { width: 20, height: 40 }, corners: ['blue', 'red', 'green', 'white'] });
    expect(await edited({ rotate: 180 })).toMatchObject({ size: { width: 40, height: 20 }, corners: ['white', 'blue', 'red', 'green'] });
    expect(await edited({ rotate: 270 })).toMatchObject({ size: { width: 20, height: 40 }, corners: ['green', 'white', 'blue', 'red'] });
  });
  it('mirrors left-right and top-bottom', async () => {
    expect((await edited({ flipX: true })).corners).toEqual(['green', 'red', 'blue', 'white']);
    expect((await edited({ flipY: true })).corners).toEqual(['blue', 'white', 'green', 'red']);
  });
  it('mirrors before it turns, as the cropper shows it', async () => {
    // mirrored: green red / white blue; then a quarter turn clockwise
    expect((await edited({ flipX: true, rotate: 90 })).corners).toEqual(['white', 'green', 'red', 'blue']);
  });
  it('crops the turned image', async () => {
    // turned a quarter: 20 × 40, blue over white on the left, red over green on the right
    const r = await edited({ rotate: 90, crop: { x: 10, y: 20, width: 10, height: 20 } });
    expect(r.size).toEqual({ width: 10, height: 20 });
    expect(r.corners).toEqual(['green', 'green', 'green', 'green']);
  });
  it('refuses a crop rectangle outside the turned image, naming the field', async () => {
    await expect(edited({ rotate: 90, crop: { x: 0, y: 0, width: 21, height: 10 } })).rejects.toMatchObject({ issues: [{ field: 'crop.width', key: 'cropOutside', params: { width: 20, height: 40 } }] });
    await expect(edited({ crop: { x: 0, y: 20, width: 1, height: 1 } })).rejects.toMatchObject({ issues: [{ field: 'crop.y' }] });
  });
});
