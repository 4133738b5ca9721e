import { z } from 'zod';
import { defineRoute, noData, type AnyRoute } from '../../../core/route.ts';
import { readOf, writeOf } from '../../../core/operation.ts';
import { id } from '../../../../shared/validators/common.ts';
import { GRANT_OBJECTS, GRANT_OWNERS, GRANT_OWNER_PERMS } from '../../../../shared/cms/perms.ts';
import { grantGrid, saveGrants, SITE_GRANTS, type GrantKind } from './operations.ts';

const ownerQuery = z.object({ ownerType: z.enum(GRANT_OWNERS), owner: z.string().regex(/^\d{1,15}$/).transform(Number) });

/**
 * GET and POST /cms/perms/<key>: the grant grid of one owner (ChestnutCMS shape: `<key>Privs` rows
 * of `{perms: {<Perm>: {granted, inherited}}}` and `<key>PrivItems`; ours add `editable`, whether
 * the actor may change that right, and `external: true` on what reaches the owner from outside the
 * grid), and its save (operations.ts: nobody grants beyond what they hold).
 */
export function grantRoutesFor(kind: GrantKind): AnyRoute[] {
  const { key } = kind;
  const saveBody = z.object({
    ownerType: z.enum(GRANT_OWNERS),
    owner: id(),
    perms: z.array(z.object({ [`${key}Id`]: id(), perms: z.record(z.string(), z.object({ granted: z.boolean() })) })).max(5000),
  });
  const site = kind.site ? { site: true as const } : {};
  return [
    defineRoute({
      method: 'GET',
      url: `/cms/perms/${key}`,
      perm: { anyOf: Object.values(GRANT_OWNER_PERMS) },
      ...site,
      query: ownerQuery,
      reply: z.object({
        [`${key}Privs`]: z.array(z.looseObject({ [`${key}Id`]: z.int(), parentId: z.int().optional(), name: z.string(), perms: z.record(z.string(), z.looseObject({ granted: z.boolean(), inherited: z.boolean() })) })),
        [`${key}PrivItems`]: z.array(z.object({ id: z.string(), name: z.string() })),
      }),
      handler: async (ctx) => {
        const grid = await grantGrid(readOf(ctx), kind, ctx.query.ownerType, ctx.query.owner);
        return {
          [`${key}Privs`]: grid.map(({ object: o, rights }) => ({
            [`${key}Id`]: o.id,
            ...(o.parentId !== undefined ? { parentId: o.parentId } : {}),
            name: o.name,
            perms: rights,
          })),
          [`${key}PrivItems`]: GRANT_OBJECTS[kind.object].map((p) => ({ id: p, name: p })),
        };
      },
    }),
    defineRoute({
      method: 'POST',
      url: `/cms/perms/${key}`,
      perm: { anyOf: Object.values(GRANT_OWNER_PERMS) },
      ...site,
      body: saveBody,
      log: { title: 'oplog.cmsGrant', type: 'GRANT' },
      reply: noData,
      handler: (ctx) => {
        const { ownerType, owner } = ctx.body;
        const changes = (ctx.body.perms as Record<string, unknown>[]).map((e) => ({ objectId: e[`${key}Id`] as number, perms: e.perms as Record<string, { granted: boolean }> }));
        return writeOf(ctx, (op) => saveGrants(op, kind, ownerType, owner, changes)).then(() => undefined);
      },
    }),
  ];
}

export const siteGrantRoutes: AnyRoute[] = grantRoutesFor(SITE_GRANTS);
