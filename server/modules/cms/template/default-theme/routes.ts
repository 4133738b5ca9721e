import { z } from 'zod';
import { defineRoute, type AnyRoute } from '../../../../core/route.ts';
import { writeOf } from '../../../../core/operation.ts';
import { CODE_PATTERN } from '../../../../../shared/validators/common.ts';
import { applyDefaultTheme } from './apply.ts';
import { editsSite } from '../../site/current.ts';

/** The default theme onto an existing site (a new site gets it when it is made). */
export const defaultThemeRoutes: AnyRoute[] = [
  defineRoute({
    // A theme is templates: the keys for adding and editing them too.
    method: 'POST', url: '/cms/site/install_default_theme', perm: { allOf: ['cms:site:edit', 'cms:template:add', 'cms:template:edit'] }, site: true, grants: [editsSite],
    body: z.object({ pipeCodes: z.array(z.string().max(20).regex(CODE_PATTERN)).max(50).optional() }),
    log: { title: 'oplog.theme', type: 'IMPORT' },
    reply: z.object({ pipes: z.array(z.string()), written: z.int() }),
    handler: (ctx) => writeOf(ctx, (op) => applyDefaultTheme(op, ctx.body.pipeCodes)),
  }),
];
