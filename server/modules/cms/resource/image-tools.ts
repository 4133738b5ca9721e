import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq } from 'drizzle-orm';
import { withDefaults } from '../../../../shared/cms/site-config.ts';
import { PREVIEW_MAX_SIDE, type ImageEdit, type WatermarkSpec } from '../../../../shared/cms/image-edit.ts';
import { fail, FieldFailure } from '../../../core/errors.ts';
import { writeIn, type OpContext, type SiteOp } from '../../../core/operation.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';
import { cmsSite } from '../site/schema.ts';
import { cmsResource } from './schema.ts';
import { tempDir } from './receive.ts';
import { mimeOf } from './sniff.ts';
import { inspectImage, open, type ImageInfo } from './image.ts';
import { applyEdit } from './image-edit.ts';
import type { Watermark } from './watermark.ts';
import { libraryImageFile, resources, siteOf, storageOfRow, thumbnailKey, thumbnailOf } from './operations.ts';

type ResourceRow = typeof cmsResource.$inferSelect;
type SiteRow = typeof cmsSite.$inferSelect;

/** A new temporary file name (the folder is made if needed), recorded in `temps` for removal. */
async function tempFile(op: OpContext, suffix: string, temps: string[]) {
  const dir = tempDir(op.services.config.dataDir);
  await mkdir(dir, { recursive: true });
  const file = join(dir, `edit-${randomUUID()}.${suffix}`);
  temps.push(file);
  return file;
}

/** The object at `key` copied to a temporary file. */
async function fetchObject(op: OpContext, storage: ObjectStorage, key: string, suffix: string, temps: string[]) {
  const file = await tempFile(op, suffix, temps);
  await pipeline(await storage.get(key), createWriteStream(file));
  return file;
}

/** The dialog's watermark made ready: an image of this site's library (else refused naming the field), or words. */
async function markOf(op: OpContext, site: SiteRow, spec: WatermarkSpec | undefined, temps: string[]): Promise<Watermark | null> {
  if (!spec) return null;
  const common = { opacity: spec.opacity, ratio: spec.ratio, position: spec.position };
  if (spec.type === 'text') return { kind: 'text', text: spec.text!, color: spec.color ?? '#FFFFFF', ...common };
  const file = await libraryImageFile(op, site, spec.imageId!, temps);
  if (!file) throw new FieldFailure([{ field: 'watermark.imageId', key: 'notImage', params: {} }], 'imageEdit');
  return { kind: 'image', file, ...common };
}

/**
 * The stored image of `row` with `edit` applied, in a temporary file: nothing stored changes. The
 * stored file is read from the row's own storage; its size is checked from its header before it
 * is decoded (image.ts), like an upload's.
 */
async function render(op: SiteOp, row: ResourceRow, edit: ImageEdit, temps: string[]) {
  if (row.resourceType !== 'image') throw fail('library.notImage');
  const site = await siteOf(op, row.siteId);
  const storage = storageOfRow(site, row, op.services.config.dataDir);
  const original = await fetchObject(op, storage, row.path, row.suffix, temps);
  const image = await inspectImage(original);
  const out = await tempFile(op, row.suffix, temps);
  const mark = await markOf(op, site, edit.watermark, temps);
  const size = await applyEdit(original, out, image, { flipX: edit.flipX, flipY: edit.flipY, rotate: edit.rotate, crop: edit.crop, mark });
  return { site, storage, original, image, out, size };
}

async function removeAll(files: string[]) {
  for (const f of files) await rm(f, { force: true });
}

/**
 * POST /cms/resource/image/preview: the image as the edit would make it, scaled to fit
 * PREVIEW_MAX_SIDE, in its own format. Nothing is stored: the dialog shows it before Save.
 */
export async function previewImageEdit(op: SiteOp, row: ResourceRow, edit: ImageEdit): Promise<{ body: Buffer; type: string }> {
  const temps: string[] = [];
  try {
    const { out, image } = await render(op, row, edit, temps);
    const body = await (await open(out))
      .resize(PREVIEW_MAX_SIDE, PREVIEW_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toFormat(image.format)
      .toBuffer();
    return { body, type: mimeOf(row.suffix) };
  } finally {
    await removeAll(temps);
  }
}

/** What was at a key before a save: its file, or null when there was nothing (the key is deleted to undo). */
interface Backup {
  key: string;
  file: string | null;
}

/** Puts the previous objects back after a failed save; a failure here leaves a warning, the first error is the one replied. */
async function restore(storage: ObjectStorage, backups: Backup[], suffix: string) {
  for (const b of backups) {
    const undo = b.file ? storage.put(b.key, b.file, mimeOf(suffix)) : storage.delete(b.key);
    await undo.catch((err: unknown) => console.warn(`image tools: could not restore ${b.key}:`, err));
  }
}

/** Puts `file` at `key`, recording what was there first; a storage failure is replied as one. */
async function putKeeping(storage: ObjectStorage, backups: Backup[], item: { key: string; file: string; mime: string; before: string | null }) {
  backups.push({ key: item.key, file: item.before });
  try {
    await storage.put(item.key, item.file, item.mime);
  } catch (err) {
    const detail = (err as { message?: string }).message ?? String(err);
    throw fail('library.storeFailed', { storage: storage.type, detail: detail.slice(0, 200) });
  }
}

/**
 * POST /cms/resource/image/save: applies the edit to the stored image, at its own key (contents
 * link to the key, so their links stay), with a new thumbnail, and writes the row's size,
 * dimensions and thumbnail. All or nothing: the objects are replaced first, each one's previous
 * content kept aside; if a put or the row's update fails, the previous objects are put back.
 * Called with a read context (as the route does), no transaction is held while the image is worked.
 */
export async function saveImageEdit(op: SiteOp, row: ResourceRow, edit: ImageEdit): Promise<Record<string, unknown>> {
  const temps: string[] = [];
  try {
    const { site, storage, original, out } = await render(op, row, edit, temps);
    const edited: ImageInfo = await inspectImage(out);
    const thumb = await thumbnailOf(withDefaults(site.configProps), out, edited, temps);
    const thumbKey = thumb ? thumbnailKey(row.path, thumb) : null;
    const mime = mimeOf(row.suffix);
    const backups: Backup[] = [];
    try {
      await putKeeping(storage, backups, { key: row.path, file: out, mime, before: original });
      if (thumb && thumbKey) {
        const before = thumbKey === row.thumbnail ? await fetchObject(op, storage, thumbKey, row.suffix, temps).catch(() => null) : null;
        await putKeeping(storage, backups, { key: thumbKey, file: thumb.file, mime, before });
      }
      await writeIn(op, async (w) => {
        const updated = await w.tx.update(cmsResource).set({
          width: edited.shown.width, height: edited.shown.height, fileSize: (await stat(out)).size, thumbnail: thumbKey,
          updateBy: w.actor.userName, updateTime: new Date(),
        }).where(and(eq(cmsResource.resourceId, row.resourceId), eq(cmsResource.siteId, row.siteId))).returning({ id: cmsResource.resourceId });
        if (!updated.length) throw fail('resource.notFound');
      });
    } catch (err) {
      await restore(storage, backups.reverse(), row.suffix);
      throw err;
    }
    // The thumbnail of other settings is no longer the row's: it goes once the save is in.
    if (row.thumbnail && row.thumbnail !== thumbKey) {
      const old = row.thumbnail;
      await storage.delete(old).catch((err: unknown) => console.warn(`image tools: could not delete ${old}:`, err));
    }
    return await resources.get(op, row.resourceId);
  } finally {
    await removeAll(temps);
  }
}
