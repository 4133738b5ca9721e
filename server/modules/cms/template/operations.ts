import { rm } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { fail } from '../../../core/errors.ts';
import type { OpContext, SiteOp } from '../../../core/operation.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import type { PageType } from '../../../../shared/cms/template-registry.ts';
import { cmsPublishPipe } from '../pipe/schema.ts';
import { cmsSite } from '../site/schema.ts';
import type { siteLifecycle } from '../site/lifecycle.ts';
import { DEFAULT_LIMITS, CmsLiquid, type EngineHost } from './engine.ts';
import { toTemplateError } from './errors.ts';
import { displayFileSize } from './html.ts';
import type { SiteRow } from './present.ts';
import {
  checkName, deleteTemplateFile, listTemplateFiles, loadTemplateTree, readTemplateFile, renameTemplateFile, siteTemplatesRoot, templateRoot, writeTemplateFile,
} from './store.ts';
import { templateUsers, type TemplateUser } from './usage.ts';
import { dropVersions, recordVersion, renameVersions, versionOf } from './versions.ts';
import type { TemplateRow } from '../../../../shared/validators/template.ts';
export type { TemplateRow };

/**
 * Templates of the current site, per publish pipe: list, read, add, save, rename, delete, and a
 * syntax check. Reading needs View on the site (the current site is viewable by construction);
 * changing templates needs Edit on it, since templates shape every page of the site.
 */

async function siteRow(op: SiteOp): Promise<SiteRow> {
  const [site] = await op.tx.select().from(cmsSite).where(eq(cmsSite.siteId, op.site.siteId));
  if (!site) throw fail('cms.site.notFound', { siteId: op.site.siteId });
  return site;
}

/** The site's pipe of this code (enabled or not), or the failure naming the code. */
async function pipeOf(op: SiteOp, code: string) {
  const [pipe] = await op.tx.select({ code: cmsPublishPipe.code, name: cmsPublishPipe.name }).from(cmsPublishPipe)
    .where(and(eq(cmsPublishPipe.siteId, op.site.siteId), eq(cmsPublishPipe.code, code)));
  if (!pipe) throw fail('cms.pipe.unknown', { code: code.slice(0, 20) });
  return pipe;
}

const rootOf = (op: SiteOp, pipeCode: string) => templateRoot(op.services.config.dataDir, op.site.path, pipeCode);


/** GET /cms/template/list: the templates of one pipe or of every pipe of the site, optionally by part of the name. */
export async function listTemplates(op: SiteOp, q: { publishPipeCode?: string; filename?: string }): Promise<TemplateRow[]> {
  const pipes = q.publishPipeCode
    ? [await pipeOf(op, q.publishPipeCode)]
    : await op.tx.select({ code: cmsPublishPipe.code, name: cmsPublishPipe.name }).from(cmsPublishPipe).where(eq(cmsPublishPipe.siteId, op.site.siteId)).orderBy(cmsPublishPipe.sort, cmsPublishPipe.pipeId);
  const needle = (q.filename ?? '').trim().toLowerCase();
  const rows: TemplateRow[] = [];
  for (const pipe of pipes) {
    for (const f of await listTemplateFiles(rootOf(op, pipe.code))) {
      if (needle && !f.path.toLowerCase().includes(needle)) continue;
      rows.push({ publishPipeCode: pipe.code, pipeName: pipe.name, path: f.path, fileSize: f.fileSize, fileSizeName: displayFileSize(f.fileSize), modifyTime: formatDateTime(f.modifyTime) });
    }
  }
  return rows;
}

/** Who uses a template and, from that, which page types it renders (the editor's variables). */
async function usageOf(op: SiteOp, pipeCode: string, path: string): Promise<{ users: TemplateUser[]; pageTypes: PageType[] }> {
  const sources = await loadTemplateTree(rootOf(op, pipeCode));
  const users = await templateUsers(op.tx, await siteRow(op), pipeCode, path, sources);
  return { users, pageTypes: [...new Set(users.map((u) => u.pageType))] };
}

/** GET /cms/template/detail: a template's text and what uses it. */
export async function readTemplate(op: SiteOp, pipeCode: string, path: string) {
  await pipeOf(op, pipeCode);
  const root = rootOf(op, pipeCode);
  const content = await readTemplateFile(root, checkName(path));
  const file = (await listTemplateFiles(root)).find((f) => f.path === path);
  const { users, pageTypes } = await usageOf(op, pipeCode, path);
  return {
    publishPipeCode: pipeCode, path, content, fileSize: file?.fileSize ?? Buffer.byteLength(content), modifyTime: file ? formatDateTime(file.modifyTime) : null,
    pageTypes, usedBy: users.map((u) => describeUser(op, u)),
  };
}

// A parser that checks templates without a site: the CMS tags check their attributes when parsed.
let checker: CmsLiquid | null = null;

/** The syntax problems of a template's text (none: []), as the editor shows them. */
export function checkTemplate(name: string, content: string) {
  checker ??= new CmsLiquid({} as EngineHost, DEFAULT_LIMITS);
  try {
    checker.parse(content, name);
    return [];
  } catch (err) {
    return [toTemplateError(err, name)];
  }
}

const problemsOf = (op: OpContext, name: string, content: string) =>
  checkTemplate(name, content).map((e) => ({ ...e.toJSON(), message: e.detailKey ? op.t(`template.${e.detailKey}`, e.detailParams) : e.detail }));

/** POST /cms/template: a new template (empty, or with the text given). */
export async function addTemplate(op: SiteOp, body: { publishPipeCode: string; path: string; content?: string }) {
  await pipeOf(op, body.publishPipeCode);
  await writeTemplateFile(rootOf(op, body.publishPipeCode), checkName(body.path), body.content ?? '', { create: true });
  await recordVersion(op, body.publishPipeCode, body.path, body.content ?? '');
  return { publishPipeCode: body.publishPipeCode, path: body.path, problems: problemsOf(op, body.path, body.content ?? '') };
}

/**
 * PUT /cms/template: saves a template's text. A text with a syntax error is saved all the same
 * (work in progress is not lost) and the reply lists its problems with line and column.
 */
export async function saveTemplate(op: SiteOp, body: { publishPipeCode: string; path: string; content: string }) {
  await pipeOf(op, body.publishPipeCode);
  await writeTemplateFile(rootOf(op, body.publishPipeCode), checkName(body.path), body.content);
  await recordVersion(op, body.publishPipeCode, body.path, body.content);
  return { publishPipeCode: body.publishPipeCode, path: body.path, problems: problemsOf(op, body.path, body.content) };
}

/**
 * POST /cms/template/version/restore: a saved version becomes the template's text again (and its
 * newest version), under the name the template has now.
 */
export async function restoreVersion(op: SiteOp, versionId: number) {
  const version = await versionOf(op, versionId);
  const saved = await saveTemplate(op, { publishPipeCode: version.publishPipeCode, path: version.path, content: version.content });
  return { ...saved, content: version.content };
}

function describeUser(op: OpContext, u: TemplateUser): string {
  if (u.kind === 'site') return op.t('template.usedBySite', { prop: u.what });
  if (u.kind === 'catalog') return op.t('template.usedByCatalog', { name: u.name, prop: u.what });
  if (u.kind === 'content') return op.t('template.usedByContent', { name: u.name });
  if (u.kind === 'dynamicPage') return op.t('template.usedByDynamicPage', { name: u.name });
  return op.t('template.usedByTemplate', { name: u.what });
}

async function assertUnused(op: SiteOp, pipeCode: string, path: string, going: ReadonlySet<string> = new Set()) {
  // Templates that go in the same batch do not keep each other.
  const users = (await usageOf(op, pipeCode, path)).users.filter((u) => !(u.kind === 'template' && going.has(u.what)));
  if (!users.length) return;
  const shown = users.slice(0, 5).map((u) => describeUser(op, u));
  if (users.length > 5) shown.push(op.t('template.andMore', { n: users.length - 5 }));
  throw fail('template.inUse', { name: path, users: shown.join(op.t('template.listSeparator')) });
}

/** POST /cms/template/rename: a template not in use gets a new name (folders are made and pruned). */
export async function renameTemplate(op: SiteOp, body: { publishPipeCode: string; path: string; newPath: string }) {
  await pipeOf(op, body.publishPipeCode);
  checkName(body.path);
  checkName(body.newPath);
  await assertUnused(op, body.publishPipeCode, body.path);
  await renameTemplateFile(rootOf(op, body.publishPipeCode), body.path, body.newPath);
  await renameVersions(op, body.publishPipeCode, body.path, body.newPath);
}

/** DELETE /cms/template: templates not in use, all or none. */
export async function deleteTemplates(op: SiteOp, body: { publishPipeCode: string; paths: string[] }) {
  await pipeOf(op, body.publishPipeCode);
  const root = rootOf(op, body.publishPipeCode);
  const paths = [...new Set(body.paths)].map(checkName);
  for (const path of paths) {
    await readTemplateFile(root, path);
    await assertUnused(op, body.publishPipeCode, path, new Set(paths));
  }
  await dropVersions(op, body.publishPipeCode, paths);
  for (const path of paths) await deleteTemplateFile(root, path);
}

/** A deleted site's templates go after the delete commits (a new site of the same path starts afresh). */
export const removeSitesTemplates: (typeof siteLifecycle.removing)[number] = (op, sites) => {
  op.afterCommit(async () => {
    for (const s of sites) {
      await rm(siteTemplatesRoot(op.services.config.dataDir, s.path), { recursive: true, force: true })
        .catch((err: unknown) => console.warn(`templates: could not remove those of site ${s.path}:`, err));
    }
  });
};
