import { z } from 'zod';
import { defineRoute, noData, type AnyRoute } from '../../../core/route.ts';
import { readOf } from '../../../core/operation.ts';
import { editsSite } from '../site/current.ts';
import { configSaveSchema, SETTINGS_GROUPS, type SiteConfigValues } from '../../../../shared/cms/site-config.ts';
import { readSettings, saveSettings } from './operations.ts';
import { publishWorkerOf } from '../publish/service.ts';

const PERMS = { view: 'cms:setting:view', edit: 'cms:setting:edit' } as const;

// One GET and one POST per tab of the current site's settings (storage, watermark, words…).
export const settingsRoutes: AnyRoute[] = SETTINGS_GROUPS.flatMap((group) => [
  defineRoute({
    method: 'GET',
    url: `/cms/setting/${group}`,
    perm: PERMS.view,
    site: true,
    // Each key's value or default; a secret's value as '' beside a has<Key> flag.
    reply: z.record(z.string(), z.unknown()),
    handler: (ctx) => readSettings(readOf(ctx), group),
  }),
  defineRoute({
    method: 'POST',
    url: `/cms/setting/${group}`,
    perm: PERMS.edit,
    site: true,
    grants: [editsSite],
    body: configSaveSchema(group),
    labels: 'siteConfig',
    log: { title: 'oplog.cmsSettings', type: 'UPDATE' },
    reply: noData,
    // A read context: the operation writes in a transaction of its own once the checks (a bucket's answer) are done.
    handler: async (ctx) => {
      const queued = await saveSettings(readOf(ctx), group, ctx.body as SiteConfigValues);
      if (queued && ctx.services.config.publishWorker) publishWorkerOf(ctx.services).wake();
    },
  }),
]);
