import { createWriteStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MAX_UPLOAD_MB, RESOURCE_TYPES, resourceTypeOfSuffix, type ResourceType, type StorageType, type WatermarkPosition } from '../../../../shared/cms/resource-types.ts';
import { uploadLimitsOf, withDefaults, type SiteConfigValues } from '../../../../shared/cms/site-config.ts';
import { resourceResource } from '../../../../shared/resources/cms/resource.ts';
import { fail, FieldFailure } from '../../../core/errors.ts';
import { writeIn, type OpContext, type SiteOp, type SiteRef } from '../../../core/operation.ts';
import { resourceOperations } from '../../../core/resource.ts';
import { datePath } from '../../common/index.ts';
import { cmsSite } from '../site/schema.ts';
import { editsSite } from '../site/current.ts';
import { storageFor, storageTypeOf, type ObjectStorage, type SiteStorageRef } from '../storage/storage.ts';
import { cmsResource } from './schema.ts';
import { tempDir, type UploadSource } from './receive.ts';
import { sniff } from './sniff.ts';
import { inspectImage, makeThumbnail, type ImageInfo } from './image.ts';
import { applyEdit } from './image-edit.ts';
import type { Watermark } from './watermark.ts';
import { executedRows } from '../../../db/rows.ts';

type Row = Record<string, unknown>;
type ResourceRow = typeof cmsResource.$inferSelect;
type SiteRow = typeof cmsSite.$inferSelect;


export const storageOfRow = (site: SiteStorageRef, row: { storageType: string }, dataDir: string) =>
  storageFor(site, row.storageType as StorageType, dataDir);

/** The site's stored row (its folder and settings). */
export async function siteOf(op: SiteOp, siteId: number): Promise<SiteRow> {
  const [site] = await op.tx.select().from(cmsSite).where(eq(cmsSite.siteId, siteId));
  if (!site) throw fail('resource.notFound');
  return site;
}

/** Removes stored objects after a commit; a failure leaves an orphan object, never a broken row. */
async function removeObjects(site: SiteStorageRef, rows: Pick<ResourceRow, 'path' | 'thumbnail' | 'storageType'>[], dataDir: string) {
  for (const row of rows) {
    const storage = storageOfRow(site, row, dataDir);
    for (const key of [row.path, row.thumbnail]) {
      if (!key) continue;
      await storage.delete(key).catch((err: unknown) => console.warn(`resource: could not delete ${key} from ${row.storageType}:`, err));
    }
  }
}

// Uploading, renaming and deleting need Site Edit on the current site as well as the menu key.
export const resources = resourceOperations<SiteRef>(resourceResource, cmsResource, {
  siteColumn: 'siteId',
  access: { update: editsSite, remove: editsSite },
  async beforeRemove(op, rows) {
    const site = await siteOf(op, op.site.siteId);
    // The site's watermark must stay readable while the watermark is on.
    const mark = site.configProps.WatermarkImage;
    if (mark && rows.some((r) => String(r.resourceId) === mark)) throw fail('library.isWatermark');
    op.afterCommit(() => removeObjects(site, rows as ResourceRow[], op.services.config.dataDir));
  },
  async presentRows(rows, op) {
    if (!rows.length) return rows;
    const site = await siteOf(op, op.site.siteId);
    return rows.map((r) => presentResource(site, r as ResourceRow, op.services.config.dataDir));
  },
});

/** A reply row: the row with its address (`src`) and its thumbnail's (`thumbSrc`). */
export function presentResource(site: SiteStorageRef, row: ResourceRow, dataDir: string): Row {
  const storage = storageOfRow(site, row, dataDir);
  return { ...row, src: storage.url(row.path), thumbSrc: row.thumbnail ? storage.url(row.thumbnail) : null };
}

/** The types the current site accepts: suffixes and size limit of each (the upload dialog's rules). */
export async function uploadRules(op: SiteOp) {
  const site = await siteOf(op, op.site.siteId);
  const values = withDefaults(site.configProps);
  return RESOURCE_TYPES.map((id) => ({ id, name: op.t(`library.type.${id}`), ...uploadLimitsOf(values, id) }));
}

const int = (v: string | undefined) => Math.max(0, Number.parseInt(v ?? '0', 10) || 0);

/** An image of the site's library fetched to a temporary file (a watermark's image), or null when it is not one. */
export async function libraryImageFile(op: OpContext, site: SiteRow, resourceId: number, temps: string[]): Promise<string | null> {
  const [mark] = await op.tx.select().from(cmsResource)
    .where(and(eq(cmsResource.resourceId, resourceId), eq(cmsResource.siteId, site.siteId), eq(cmsResource.resourceType, 'image')));
  if (!mark) return null;
  const file = join(tempDir(op.services.config.dataDir), `mark-${mark.resourceId}-${randomUUID()}.${mark.suffix}`);
  temps.push(file);
  await mkdir(tempDir(op.services.config.dataDir), { recursive: true });
  await pipeline(await storageOfRow(site, mark, op.services.config.dataDir).get(mark.path), createWriteStream(file));
  return file;
}

/** The watermark of a site's settings (its image fetched to a temporary file), or null when it is off. */
export async function siteWatermark(op: OpContext, site: SiteRow, values: SiteConfigValues, temps: string[]): Promise<Watermark | null> {
  if (values.ImageWatermark !== 'Y') return null;
  const common = { opacity: Number(values.WatermarkOpacity), ratio: Number(values.WatermarkRatio), position: values.WatermarkPosition as WatermarkPosition };
  if (values.WatermarkType === 'text') return values.WatermarkText ? { kind: 'text', text: values.WatermarkText, color: values.WatermarkColor || '#FFFFFF', ...common } : null;
  if (!values.WatermarkImage) return null;
  const file = await libraryImageFile(op, site, Number(values.WatermarkImage), temps);
  if (!file) throw fail('library.noWatermark');
  return { kind: 'image', file, ...common };
}

export interface Prepared {
  type: ResourceType;
  main: string;
  thumb: { file: string; width: number; height: number } | null;
  image: ImageInfo | null;
}

/**
 * An image's processing: its size checked from the header first (a decompression bomb is refused
 * before anything decodes it), then the watermark, then the thumbnail of the marked image.
 */
export async function prepareImage(op: OpContext, site: SiteRow, values: SiteConfigValues, file: string, suffix: string, temps: string[]): Promise<Prepared> {
  const image = await inspectImage(file);
  let main = file;
  const mark = image.animated ? null : await siteWatermark(op, site, values, temps);
  if (mark) {
    main = `${file}.marked.${suffix}`;
    temps.push(main);
    await applyEdit(file, main, image, { mark });
  }
  return { type: 'image', main, thumb: await thumbnailOf(values, main, image, temps), image };
}

/** The thumbnail of `main` the site's settings ask for (in a temporary file), or null when they ask none. */
export async function thumbnailOf(values: SiteConfigValues, main: string, image: ImageInfo, temps: string[]): Promise<Prepared['thumb']> {
  const [w, h] = [int(values.ThumbnailWidth), int(values.ThumbnailHeight)];
  if (!(w > 0 && h > 0)) return null;
  const thumb = { file: `${main}.thumb.${image.format}`, width: w, height: h };
  temps.push(thumb.file);
  await makeThumbnail(main, thumb.file, image, w, h);
  return thumb;
}

/** The storage key of a thumbnail of `width` × `height` beside the object at `key`. */
export const thumbnailKey = (key: string, thumb: { width: number; height: number }) => key.replace(/(\.[a-z0-9]+)$/, `_${thumb.width}x${thumb.height}$1`);

/** Stores every (key, file) pair, or none: what went in before a failure is taken out again. */
export async function putAll(storage: ObjectStorage, items: { key: string; file: string; mime: string }[]) {
  const done: string[] = [];
  try {
    for (const item of items) {
      await storage.put(item.key, item.file, item.mime);
      done.push(item.key);
    }
  } catch (err) {
    for (const key of [...done, ...items.map((i) => i.key).filter((k) => !done.includes(k))]) await storage.delete(key).catch(() => undefined);
    const detail = (err as { name?: string; message?: string }).message ?? String(err);
    throw fail('library.storeFailed', { storage: storage.type, detail: detail.slice(0, 200) });
  }
  return done;
}

/**
 * One file into the current site's library (POST /cms/resource/upload, or any caller with a file:
 * `fromFile`). The content decides the type (and must agree with the suffix and, when the form
 * names one, the chosen type); the site's settings give the suffixes and size allowed, the
 * watermark and the thumbnail. Objects are stored first and the row inserted after: a failure at
 * any step leaves neither a file nor a row. Called with a read context (as the route does), no
 * transaction is held while the file comes in; the row is written in one of its own.
 */
export async function uploadResource(op: SiteOp, upload: UploadSource): Promise<Row> {
  const { dataDir } = op.services.config;
  const site = await siteOf(op, op.site.siteId);
  const values = withDefaults(site.configProps);
  const temps: string[] = [];
  try {
    const got = await upload(dataDir, MAX_UPLOAD_MB * 1024 * 1024, (suffix) => {
      const type = resourceTypeOfSuffix(suffix);
      const limits = type ? uploadLimitsOf(values, type) : null;
      if (suffix === 'svg' || suffix === 'svgz') throw fail('library.svg');
      if (!type || !limits!.suffixes.includes(suffix)) throw fail('upload.badType', { types: allowedSuffixes(values).join(', ') });
      return limits!.maxMb * 1024 * 1024;
    });
    temps.push(got.file);
    const type = resourceTypeOfSuffix(got.suffix)!;
    if (got.overLimit) throw fail('upload.tooLarge', { size: uploadLimitsOf(values, type).maxMb });
    if (got.size === 0) throw fail('upload.empty');
    const wanted = got.fields.resourceType;
    if (wanted && !(RESOURCE_TYPES as readonly string[]).includes(wanted)) throw new FieldFailure([{ field: 'resourceType', key: 'invalid', params: {} }], 'resource');
    const sniffed = await sniff(got.file, got.suffix);
    if (wanted && wanted !== sniffed.type) throw fail('library.wrongType', { expected: op.t(`library.type.${wanted}`), actual: op.t(`library.type.${sniffed.type}`) });
    const name = nameOf(got.fields.name, got.fileName);

    const prepared = sniffed.type === 'image'
      ? await prepareImage(op, site, values, got.file, got.suffix, temps)
      : { type: sniffed.type, main: got.file, thumb: null, image: null };

    // The id names the stored object, so it is taken before the row exists.
    const taken = await op.tx.execute(sql`select nextval(pg_get_serial_sequence('cms_resource', 'resource_id'))::text as id`);
    const resourceId = Number(executedRows<{ id: string }>(taken)[0]!.id);
    const dir = `resources/${prepared.type}/${datePath()}`;
    const key = `${dir}/${resourceId}.${got.suffix}`;
    const thumbKey = prepared.thumb ? thumbnailKey(key, prepared.thumb) : null;
    const storage = storageFor(site, storageTypeOf(site), dataDir);
    const stored = await putAll(storage, [
      { key, file: prepared.main, mime: sniffed.mime },
      ...(prepared.thumb && thumbKey ? [{ key: thumbKey, file: prepared.thumb.file, mime: sniffed.mime }] : []),
    ]);
    try {
      await writeIn(op, async (w) => {
        await w.tx.insert(cmsResource).values({
          resourceId, siteId: site.siteId, resourceType: prepared.type, storageType: storage.type,
          name, path: key, fileName: got.fileName, suffix: got.suffix,
          width: prepared.image?.shown.width ?? null, height: prepared.image?.shown.height ?? null,
          fileSize: (await stat(prepared.main)).size, thumbnail: thumbKey,
          createBy: w.actor.userName, createTime: new Date(),
        });
      });
    } catch (err) {
      for (const k of stored) await storage.delete(k).catch(() => undefined);
      throw err;
    }
    // The reply is the row as the list shows it (times formatted, addresses added).
    return await resources.get(op, resourceId);
  } finally {
    for (const f of temps) await rm(f, { force: true });
  }
}

/** The form's name, else the file's name without its suffix; checked like a name typed in the list. */
function nameOf(given: string | undefined, fileName: string): string {
  const name = (given ?? '').trim() || fileName.replace(/\.[^.]*$/, '') || fileName;
  const r = resourceResource.fields.name.input!.safeParse(name);
  if (!r.success) throw new FieldFailure([{ field: 'name', key: r.error.issues[0]?.message.startsWith('v:tooLong') ? 'tooLong' : 'safeName', params: { max: 255 } }], 'resource');
  return r.data as string;
}

const allowedSuffixes = (values: SiteConfigValues) => RESOURCE_TYPES.flatMap((t) => uploadLimitsOf(values, t).suffixes);

/** The stored row of `id` on the current site ("not found" for another site's), for downloads. */
export async function resourceForDownload(op: SiteOp, id: number) {
  const row = (await resources.load(op, 'read', id)) as ResourceRow;
  const site = await siteOf(op, row.siteId);
  return { row, stream: await storageOfRow(site, row, op.services.config.dataDir).get(row.path) };
}

/** When sites go, their objects go after the commit (rows cascade with the site). */
export async function removeSitesObjects(op: OpContext, sites: SiteRow[]) {
  const ids = sites.map((s) => s.siteId);
  if (!ids.length) return;
  const rows = await op.tx.select().from(cmsResource).where(inArray(cmsResource.siteId, ids));
  op.afterCommit(async () => {
    for (const site of sites) await removeObjects(site, rows.filter((r) => r.siteId === site.siteId), op.services.config.dataDir);
  });
}
