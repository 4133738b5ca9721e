import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { fail } from '../../../core/errors.ts';
import type { OpContext, SiteOp } from '../../../core/operation.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { TEMPLATE_VERSIONS_KEPT } from '../../../../shared/cms/template-name.ts';
import { cmsTemplateVersion } from './schema.ts';

/**
 * The saved versions of a template (the workbench's "Versions"): written on every save, add and
 * restore, newest first, at most TEMPLATE_VERSIONS_KEPT per template (older ones are dropped as new
 * ones come). A version is read and restored by id, always checked against the current site.
 */
export { TEMPLATE_VERSIONS_KEPT };

const ofTemplate = (op: SiteOp, pipeCode: string, path: string) =>
  and(eq(cmsTemplateVersion.siteId, op.site.siteId), eq(cmsTemplateVersion.pipeCode, pipeCode), eq(cmsTemplateVersion.path, path));

/** Keeps `content` as the template's newest version (unless it is the newest already), then prunes. */
export async function recordVersion(op: SiteOp, pipeCode: string, path: string, content: string): Promise<void> {
  const [newest] = await op.tx.select({ content: cmsTemplateVersion.content }).from(cmsTemplateVersion)
    .where(ofTemplate(op, pipeCode, path)).orderBy(desc(cmsTemplateVersion.versionId)).limit(1);
  if (newest?.content === content) return;
  await op.tx.insert(cmsTemplateVersion).values({
    siteId: op.site.siteId, pipeCode, path, content, size: Buffer.byteLength(content), createBy: op.actor.userName,
  });
  const [oldestKept] = await op.tx.select({ id: cmsTemplateVersion.versionId }).from(cmsTemplateVersion)
    .where(ofTemplate(op, pipeCode, path)).orderBy(desc(cmsTemplateVersion.versionId)).offset(TEMPLATE_VERSIONS_KEPT - 1).limit(1);
  if (oldestKept) await op.tx.delete(cmsTemplateVersion).where(and(ofTemplate(op, pipeCode, path), lt(cmsTemplateVersion.versionId, oldestKept.id)));
}

export interface VersionRow {
  versionId: number;
  createBy: string;
  createTime: string;
  size: number;
}

/** GET /cms/template/versions: the template's saved versions, newest first (without their text). */
export async function listVersions(op: SiteOp, pipeCode: string, path: string): Promise<VersionRow[]> {
  const rows = await op.tx.select({
    versionId: cmsTemplateVersion.versionId, createBy: cmsTemplateVersion.createBy, createTime: cmsTemplateVersion.createTime, size: cmsTemplateVersion.size,
  }).from(cmsTemplateVersion).where(ofTemplate(op, pipeCode, path)).orderBy(desc(cmsTemplateVersion.versionId));
  return rows.map((r) => ({ ...r, createTime: formatDateTime(r.createTime) }));
}

/** One version of the current site's templates, by id (another site's reads as not found). */
export async function versionOf(op: SiteOp, versionId: number) {
  const [row] = await op.tx.select().from(cmsTemplateVersion)
    .where(and(eq(cmsTemplateVersion.versionId, versionId), eq(cmsTemplateVersion.siteId, op.site.siteId)));
  if (!row) throw fail('template.versionNotFound', { id: versionId });
  return { versionId: row.versionId, publishPipeCode: row.pipeCode, path: row.path, content: row.content, size: row.size, createBy: row.createBy, createTime: formatDateTime(row.createTime) };
}

/** A renamed template keeps its history. */
export async function renameVersions(op: SiteOp, pipeCode: string, from: string, to: string): Promise<void> {
  await op.tx.update(cmsTemplateVersion).set({ path: to }).where(ofTemplate(op, pipeCode, from));
}

/** Deleted templates take their history with them. */
export async function dropVersions(op: SiteOp, pipeCode: string, paths: string[]): Promise<void> {
  if (!paths.length) return;
  await op.tx.delete(cmsTemplateVersion).where(and(
    eq(cmsTemplateVersion.siteId, op.site.siteId), eq(cmsTemplateVersion.pipeCode, pipeCode), inArray(cmsTemplateVersion.path, paths),
  ));
}
