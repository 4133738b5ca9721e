import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { defineRoute, noData, type AnyRoute } from '../../../core/route.ts';
import { readOf, writeOf, type OpContext, type SiteOp, type SiteRef } from '../../../core/operation.ts';
import { resourceOperations } from '../../../core/resource.ts';
import { routesOf, rowReplyOf } from '../../../core/resource-routes.ts';
import { id } from '../../../../shared/validators/common.ts';
import { siteIdParams } from '../../../../shared/validators/site.ts';
import { configSaveSchema, withDefaults } from '../../../../shared/cms/site-config.ts';
import { pipeBasicProps, pipeTemplateProps } from '../../../../shared/cms/pipe-props.ts';
import { siteBasicShape, siteResource } from '../../../../shared/resources/cms/site.ts';
import { sitePropertyResource } from '../../../../shared/resources/cms/site-property.ts';
import { cmsSite, cmsSiteProperty } from './schema.ts';
import { currentSite, editsSite, requestedSiteId, setCurrentSite } from './current.ts';
import { pipeDatas, savePipeProps, sites, siteWith } from './operations.ts';
import { onCurrentSite, onSite } from './needs.ts';
import { editorLinksOf } from '../resource/editor-links.ts';

const API = siteResource.api;
const idParams = z.object({ id: z.string().regex(/^\d{1,15}$/).transform(Number) });
const pipeDatasOf = <T extends z.ZodType>(props: T) => z.array(z.object({ pipeCode: z.string().max(20), props })).max(50).optional();
// Fields left out stay as they are.
const siteUpdateBody = z.object(siteBasicShape).partial().extend({ siteId: id(), publishPipeDatas: pipeDatasOf(pipeBasicProps) });
// A `siteId` in it (ChestnutCMS sends one) is not read: the tab works on the checked current site.
const defaultTemplateBody = z.object({ publishPipeProps: pipeDatasOf(pipeTemplateProps) });

// What the calls need on the sites they name (checked by the pipeline, the stored rows handed over).
// A tab works on the checked current site (the CurrentSite header): a `siteId` in a query or body is
// never read (issue #9: a forged one is ignored in favour of the checked current site).
const viewedSite = onSite('View', 'params.id');
const editedSite = onSite('Edit', 'body.siteId');
const extendedSite = onSite('Edit', 'params.siteId');
const tabViewed = onCurrentSite('View');
const tabEdited = onCurrentSite('Edit');

/** Each pipe of the site with its props (ChestnutCMS's publishPipeDatas). */
const pipeDatasReply = z.array(z.looseObject({ pipeCode: z.string(), props: z.record(z.string(), z.unknown()) }));
const currentSiteReply = z.object({ siteId: z.int(), siteName: z.string() });

const crud = routesOf(sites).filter((r) => !(r.method === 'GET' && r.url === `${API}/:id`) && !(r.method === 'PUT' && r.url === API));

const properties = resourceOperations<SiteRef>(sitePropertyResource, cmsSiteProperty, {
  siteColumn: 'siteId',
  // Reading a site's properties needs View on it (the current site is viewable by construction);
  // changing them needs Edit.
  access: { create: editsSite, update: editsSite, remove: editsSite },
});

export const siteRoutes: AnyRoute[] = [
  ...crud,
  defineRoute({
    method: 'GET',
    url: `${API}/:id`,
    perm: siteResource.perms.view,
    params: idParams,
    grants: [viewedSite],
    reply: rowReplyOf(sites).extend({ publishPipeDatas: pipeDatasReply }),
    // The Basic tab: the site's fields and each pipe's props (publishPipeDatas, ChestnutCMS shape).
    handler: async (ctx) => {
      const op = readOf(ctx);
      const site = ctx.held.row(viewedSite);
      const row = await sites.get(op, site.siteId);
      // The logo is stored as an internal link: the tab shows its address.
      if (typeof row.logo === 'string' && row.logo) row.logo = (await editorLinksOf(op.tx, site.siteId)).show(row.logo);
      return { ...row, publishPipeDatas: await pipeDatas(op, site) };
    },
  }),
  defineRoute({
    method: 'PUT',
    url: API,
    perm: siteResource.perms.edit!,
    body: siteUpdateBody,
    grants: [editedSite],
    labels: [siteResource.name, 'siteConfig'],
    log: { title: siteResource.title, type: 'UPDATE' },
    reply: noData,
    handler: (ctx) =>
      writeOf(ctx, async (op) => {
        const { publishPipeDatas, ...fields } = ctx.body;
        const siteId = ctx.held.row(editedSite).siteId;
        if (typeof fields.logo === 'string' && fields.logo) fields.logo = (await editorLinksOf(op.tx, siteId)).store(fields.logo);
        await sites.update(op, { ...fields, siteId });
        // As stored now: the pipes' props are saved over the site's new values.
        await savePipeProps(op, await siteWith(op, siteId, 'Edit'), (publishPipeDatas ?? []) as { pipeCode: string; props: Record<string, unknown> }[]);
      }).then(() => undefined),
  }),
  defineRoute({
    method: 'DELETE',
    url: `${API}/:id`,
    perm: siteResource.perms.remove!,
    params: idParams,
    log: { title: siteResource.title, type: 'DELETE' },
    reply: noData,
    // Everything the site owns goes with it (pipes, properties, resources, catalogs, content…).
    handler: (ctx) => writeOf(ctx, (op) => sites.remove(op, [ctx.params.id])).then(() => undefined),
  }),
  defineRoute({
    method: 'GET',
    url: `${API}/extends`,
    perm: siteResource.perms.view,
    site: true,
    grants: [tabViewed],
    reply: z.record(z.string(), z.unknown()),
    // The Extend tab: every extend key with its stored value or its default.
    handler: async (ctx) => {
      const site = ctx.held.row(tabViewed);
      return withDefaults(site.configProps, 'extend');
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${API}/extends/:siteId`,
    perm: siteResource.perms.edit!,
    // The site in the path (ChestnutCMS's contract), held to Edit on its stored row.
    params: siteIdParams,
    grants: [extendedSite],
    body: configSaveSchema('extend'),
    labels: 'siteConfig',
    log: { title: siteResource.title, type: 'UPDATE' },
    reply: noData,
    handler: (ctx) =>
      writeOf(ctx, async (op) => {
        const site = ctx.held.row(extendedSite);
        const configProps = { ...site.configProps, ...(ctx.body as Record<string, string>) };
        await op.tx.update(cmsSite).set({ configProps, updateBy: op.actor.userName, updateTime: new Date() }).where(eq(cmsSite.siteId, site.siteId));
      }).then(() => undefined),
  }),
  defineRoute({
    method: 'GET',
    url: `${API}/default_template`,
    perm: siteResource.perms.view,
    site: true,
    grants: [tabViewed],
    reply: z.object({ siteId: z.int(), publishPipeProps: pipeDatasReply }),
    // The Default Template tab: per pipe, the list template and a detail template per content type.
    handler: async (ctx) => {
      const op = readOf(ctx);
      const site = ctx.held.row(tabViewed);
      const keys = Object.keys(pipeTemplateProps.shape);
      const datas = await pipeDatas(op, site);
      return {
        siteId: site.siteId,
        publishPipeProps: datas.map((d) => ({ ...d, props: Object.fromEntries(keys.map((k) => [k, d.props[k]])) })),
      };
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${API}/default_template`,
    perm: siteResource.perms.edit!,
    site: true,
    grants: [tabEdited],
    body: defaultTemplateBody,
    labels: 'siteConfig',
    log: { title: siteResource.title, type: 'UPDATE' },
    reply: noData,
    handler: (ctx) =>
      writeOf(ctx, async (op) => {
        await savePipeProps(op, ctx.held.row(tabEdited), ctx.body.publishPipeProps ?? []);
      }).then(() => undefined),
  }),
  ...routesOf(properties),
  defineRoute({
    method: 'GET',
    url: `${API}/getCurrentSite`,
    perm: 'login',
    reply: currentSiteReply,
    handler: ({ db, actor, req }) => currentSite(db, actor, requestedSiteId(req.headers)),
  }),
  defineRoute({
    method: 'POST',
    url: `${API}/setCurrentSite/:siteId`,
    perm: siteResource.perms.view,
    params: siteIdParams,
    // Choosing a site changes nothing on the server: not an operation to log, nor to guard.
    log: false,
    allowRepeat: true,
    reply: currentSiteReply,
    handler: ({ db, actor, params }) => setCurrentSite(db, actor, params.siteId),
  }),
];
