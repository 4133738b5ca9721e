import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { id } from '../../../shared/validators/common.ts';
import { channelOf, messagingResource, testMessageSchema, type MessagingPlatform } from '../../../shared/resources/system/messaging.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { resourceOperations } from '../../core/resource.ts';
import { routesOf, statusRoute } from '../../core/resource-routes.ts';
import { defineRoute, type ServerModule } from '../../core/route.ts';
import { fail } from '../../core/errors.ts';
import { sysMessagingConfig } from './schema.ts';
import { deliver, readTarget, SendFailure } from './send.ts';

const EDIT = 'system:messaging:edit';

const configs = resourceOperations(messagingResource, sysMessagingConfig, {
  async beforeSave(op, values, _mode, existing) {
    const channel = channelOf((values.platform ?? existing?.platform) as MessagingPlatform);
    values.channel = channel;
    // One default per channel: the config saved as default takes over from the previous one.
    if ((values.isDefault ?? existing?.isDefault) === 'Y') {
      const others = existing ? ne(sysMessagingConfig.configId, existing.configId as number) : undefined;
      await op.tx.update(sysMessagingConfig).set({ isDefault: 'N' })
        .where(and(eq(sysMessagingConfig.channel, channel), eq(sysMessagingConfig.isDefault, 'Y'), others));
    }
  },
});

export const messagingModule: ServerModule = {
  name: 'messaging',
  routes: [
    ...routesOf(configs),
    statusRoute(configs, EDIT),
    defineRoute({
      method: 'POST',
      url: '/system/messaging/config/:id/test',
      perm: EDIT,
      params: z.object({ id: id() }),
      body: testMessageSchema,
      log: { title: 'oplog.messaging', type: 'OTHER' },
      reply: z.string().describe('where the message went, in the reader\'s language'),
      // Really sends, disabled or not: trying a config before switching it on is the point.
      handler: async ({ db, params, body, t, actor, services }) => {
        const [row] = await db.select().from(sysMessagingConfig).where(eq(sysMessagingConfig.configId, params.id));
        if (!row) throw fail('resource.notFound');
        const to = body.to || undefined;
        if (row.platform === 'SMTP' && !to) throw fail('messaging.recipientRequired');
        const msg = {
          subject: t('messaging.test.subject'),
          text: t('messaging.test.body', { name: row.name, user: actor.userName, time: formatDateTime(new Date()) }),
          to,
        };
        try {
          await deliver(readTarget(row), msg, { allowedHosts: services.config.messagingAllowedHosts });
        } catch (err) {
          const reason = err instanceof SendFailure ? t(err.key, err.params) : String(err);
          throw fail('messaging.testFailed', { name: row.name, reason });
        }
        return row.platform === 'SMTP' ? t('messaging.test.sentTo', { to }) : t('messaging.test.posted', { name: row.name });
      },
    }),
  ],
};
