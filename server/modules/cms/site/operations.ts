import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { fail } from '../../../core/errors.ts';
import type { OpContext } from '../../../core/operation.ts';
import { resourceOperations } from '../../../core/resource.ts';
import { allBits, permBit, permsIn, type SitePerm } from '../../../../shared/cms/perms.ts';
import { pipePropsWithDefaults, type PipeProps } from '../../../../shared/cms/pipe-props.ts';
import { siteResource } from '../../../../shared/resources/cms/site.ts';
import { bitsOnEach, dropGrants, grantedFilter, grantToCreator } from '../perms/grants.ts';
import { cmsPublishPipe } from '../pipe/schema.ts';
import { DEFAULT_PIPE } from '../pipe/defaults.ts';
import { cmsSite } from './schema.ts';
import { siteLifecycle } from './lifecycle.ts';
import { siteUrl } from './urls.ts';
import { siteBase } from '../../../config.ts';
import { siteOutOfReach } from './current.ts';
import { installDefaultTheme } from '../template/default-theme/install.ts';

type Row = Record<string, unknown>;
export type SiteRow = typeof cmsSite.$inferSelect;

/** Sites on which the actor holds `perm`, as a row filter. */
export const sitesWith = (op: OpContext, perm: SitePerm) => grantedFilter(op.actor, 'Site', permBit('Site', perm), cmsSite.siteId);


/** A site's pipes, enabled first by sort (the first enabled one is its default pipe). */
export async function pipesOf(tx: DbOrTx, siteId: number, enabledOnly = false) {
  return tx.select().from(cmsPublishPipe)
    .where(and(eq(cmsPublishPipe.siteId, siteId), enabledOnly ? eq(cmsPublishPipe.status, '0') : undefined))
    .orderBy(asc(cmsPublishPipe.status), asc(cmsPublishPipe.sort), asc(cmsPublishPipe.pipeId));
}

export const sites = resourceOperations(siteResource, cmsSite, {
  access: {
    read: (op) => sitesWith(op, 'View'),
    update: (op) => sitesWith(op, 'Edit'),
    remove: (op) => sitesWith(op, 'Delete'),
  },
  async afterSave(op, row, _body, mode) {
    if (mode !== 'create') return;
    const siteId = row.siteId as number;
    await grantToCreator(op.tx, op.actor, 'Site', siteId);
    await op.tx.insert(cmsPublishPipe).values({ siteId, code: DEFAULT_PIPE.code, name: DEFAULT_PIPE.name, createBy: op.actor.userName });
    // A new site publishes with no template written: the default theme goes into its pipe's folder.
    const path = row.path as string;
    op.afterCommit(() => installDefaultTheme(op.services.config.dataDir, path, DEFAULT_PIPE.code, op.locale));
  },
  async beforeRemove(op, rows) {
    const ids = rows.map((r) => r.siteId as number);
    // Rows that reference the site go with it (foreign keys cascade); grants name it without one.
    await dropGrants(op.tx, 'Site', ids);
    for (const listener of siteLifecycle.removing) await listener(op, rows as SiteRow[]);
  },
  presentRows: (rows, op) => presentSites(op, rows),
});

/**
 * List and detail rows: each with the address of its default pipe and the rights the reader holds
 * on it (`perms`, names of SITE_PERMS), so the console offers only the actions the server allows.
 */
async function presentSites(op: OpContext, rows: Row[]): Promise<Row[]> {
  if (!rows.length) return rows;
  const ids = rows.map((r) => r.siteId as number);
  const bits = await bitsOnEach(op.tx, op.actor, 'Site', ids);
  const pipes = await op.tx.select().from(cmsPublishPipe)
    .where(and(inArray(cmsPublishPipe.siteId, ids), eq(cmsPublishPipe.status, '0')))
    .orderBy(asc(cmsPublishPipe.sort), asc(cmsPublishPipe.pipeId));
  const base = siteBase(op.services.config);
  return rows.map((r) => {
    const pipe = pipes.find((p) => p.siteId === r.siteId);
    return { ...r, url: siteUrl(r as SiteRow, pipe ?? null, base), perms: permsIn('Site', bits ? (bits.get(r.siteId as number) ?? 0) : allBits('Site')) };
  });
}

/** The site with this id if the actor holds `perm` on it; `siteOutOfReach` otherwise, whether it exists or not. */
export async function siteWith(op: OpContext, siteId: number, perm: SitePerm): Promise<SiteRow> {
  const [site] = await op.tx.select().from(cmsSite).where(and(eq(cmsSite.siteId, siteId), sitesWith(op, perm)));
  if (!site) throw siteOutOfReach();
  return site;
}

/** The per-pipe props of a site, one entry per pipe (enabled first), stored values over the defaults. */
export async function pipeDatas(op: OpContext, site: SiteRow) {
  const pipes = await pipesOf(op.tx, site.siteId);
  return pipes.map((p) => ({
    pipeCode: p.code,
    pipeName: p.name,
    enabled: p.status === '0',
    props: pipePropsWithDefaults(site.publishPipeProps[p.code]),
  }));
}

/** Merges the given props into each named pipe's stored props (pipes of other sites are ignored). */
export async function savePipeProps(op: OpContext, site: SiteRow, datas: { pipeCode: string; props: PipeProps }[]) {
  if (!datas.length) return;
  const codes = new Set((await pipesOf(op.tx, site.siteId)).map((p) => p.code));
  const next = { ...site.publishPipeProps };
  for (const d of datas) {
    if (!codes.has(d.pipeCode)) throw fail('cms.pipe.unknown', { code: d.pipeCode });
    next[d.pipeCode] = { ...(next[d.pipeCode] ?? {}), ...d.props };
  }
  await op.tx.update(cmsSite).set({ publishPipeProps: next, updateBy: op.actor.userName, updateTime: new Date() }).where(eq(cmsSite.siteId, site.siteId));
}
