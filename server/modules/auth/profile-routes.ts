import { z } from 'zod';
import { defineRoute, noData, RAW, type ServerModule } from '../../core/route.ts';
import { userInfoReply } from './replies.ts';
import { envelope } from '../../core/envelope.ts';
import { AppError, forbidden, ReplyCode } from '../../core/errors.ts';
import { hasPermission } from '../../core/access.ts';
import { isPublicConfigKey, isSecretConfigKey } from '../system/index.ts';
import { profileBody, updatePasswordBody } from '../../../shared/validators/profile.ts';
import { getProfile, updatePassword, updateProfile } from './profile.ts';
import { dictDataByType } from '../system/index.ts';
import { updateAvatar } from './profile-avatar.ts';
import { getPreferences, savePreferences } from '../system/index.ts';
import { preferencesBody, preferencesSchema } from '../../../shared/validators/preference.ts';
import { configValue } from '../system/index.ts';

const VIEW_CONFIG = 'system:config:view';

// What any signed-in user may read or change about themselves, plus the two look-ups every
// screen needs (a config value, a dictionary); none needs a menu permission.
export const selfServiceModule: ServerModule = {
  name: 'self-service',
  routes: [
    defineRoute({
      method: 'GET',
      url: '/system/user/profile',
      perm: 'login',
      // The account center, where the password is changed, shows the profile (and the password
      // form checks the new password against its name, email and phone).
      duringPasswordChange: true,
      reply: userInfoReply.extend({ roleGroup: z.string(), postGroup: z.string() }),
      handler: ({ db, actor }) => getProfile(db, actor),
    }),
    defineRoute({
      method: 'PUT',
      url: '/system/user/profile',
      perm: 'login',
      body: profileBody,
      log: { title: 'oplog.profile', type: 'UPDATE' },
      reply: noData,
      handler: ({ db, actor, body }) => updateProfile(db, actor, body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/system/user/profile/updatePwd',
      perm: 'login',
      body: updatePasswordBody,
      log: { title: 'oplog.password', type: 'UPDATE' },
      duringPasswordChange: true,
      limits: [{ name: 'passwordChangePerUser', per: 'user' }],
      reply: noData,
      handler: ({ db, actor, body }) => updatePassword(db, actor, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/system/user/profile/avatar',
      perm: 'login',
      limits: [{ name: 'uploadPerUser', per: 'user' }],
      log: { title: 'oplog.avatar', type: 'UPDATE' },
      reply: z.object({ imgUrl: z.string() }),
      handler: ({ services, actor, req }) => updateAvatar(services, actor, req),
    }),
    defineRoute({
      method: 'GET',
      url: '/system/user/preference',
      perm: 'login',
      reply: preferencesSchema,
      handler: ({ db, actor }) => getPreferences(db, actor),
    }),
    defineRoute({
      method: 'PUT',
      url: '/system/user/preference',
      perm: 'login',
      body: preferencesBody,
      log: { title: 'oplog.preference', type: 'UPDATE' },
      reply: preferencesSchema,
      handler: ({ db, actor, body }) => savePreferences(db, actor, body),
    }),
    defineRoute({
      method: 'GET',
      url: '/system/config/configKey/:configKey',
      perm: 'login',
      params: z.object({ configKey: z.string() }),
      reply: z.string().describe('the value (also in `msg`)'),
      handler: async ({ services, params, reply, actor }) => {
        // Secrets never; public keys for anyone signed in; the rest with the config screen's permission.
        if (isSecretConfigKey(params.configKey)) throw new AppError('config.secretHidden', { key: params.configKey }, ReplyCode.FORBIDDEN);
        if (!isPublicConfigKey(params.configKey) && !hasPermission(actor, VIEW_CONFIG)) throw forbidden(VIEW_CONFIG);
        // RuoYi-style clients read the value from `msg`, newer ones from `data`: send it in both.
        const value = (await configValue(services, params.configKey)) ?? '';
        await reply.send(envelope(ReplyCode.OK, value, value));
        return RAW;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/system/dict/data/type/:dictType',
      perm: 'login',
      params: z.object({ dictType: z.string() }),
      reply: z.array(z.object({
        dictCode: z.int(), dictSort: z.int(), dictLabel: z.string(), dictValue: z.string(), dictType: z.string(),
        cssClass: z.string().optional(), listClass: z.string().optional(), isDefault: z.string().nullable(), status: z.string(),
      })),
      handler: ({ db, params, services, locale }) => dictDataByType(db, params.dictType, services.i18n, locale),
    }),
  ],
};
