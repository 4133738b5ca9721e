import { z } from 'zod';
import { defineRoute, RAW, type ServerModule } from '../../core/route.ts';
import { envelope } from '../../core/envelope.ts';
import { AppError, forbidden, ReplyCode } from '../../core/errors.ts';
import { hasPermission } from '../../core/access.ts';
import { isPublicConfigKey, isSecretConfigKey } from '../system/index.ts';
import { profileBody, updatePasswordBody } from '../../../shared/validators/profile.ts';
import { getProfile, updatePassword, updateProfile } from './profile.ts';
import { dictDataByType } from '../system/index.ts';
import { updateAvatar } from './profile-avatar.ts';
import { getPreferences, savePreferences } from '../system/index.ts';
import { preferencesBody } from '../../../shared/validators/preference.ts';
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
      handler: ({ db, actor }) => getProfile(db, actor),
    }),
    defineRoute({
      method: 'PUT',
      url: '/system/user/profile',
      perm: 'login',
      body: profileBody,
      log: { title: 'oplog.profile', type: 'UPDATE' },
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
      handler: ({ db, actor, body }) => updatePassword(db, actor, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/system/user/profile/avatar',
      perm: 'login',
      limits: [{ name: 'uploadPerUser', per: 'user' }],
      log: { title: 'oplog.avatar', type: 'UPDATE' },
      handler: ({ services, actor, req }) => updateAvatar(services, actor, req),
    }),
    defineRoute({
      method: 'GET',
      url: '/system/user/preference',
      perm: 'login',
      handler: ({ db, actor }) => getPreferences(db, actor),
    }),
    defineRoute({
      method: 'PUT',
      url: '/system/user/preference',
      perm: 'login',
      body: preferencesBody,
      log: { title: 'oplog.preference', type: 'UPDATE' },
      handler: ({ db, actor, body }) => savePreferences(db, actor, body),
    }),
    defineRoute({
      method: 'GET',
      url: '/system/config/configKey/:configKey',
      perm: 'login',
      params: z.object({ configKey: z.string() }),
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
      handler: ({ db, params, services, locale }) => dictDataByType(db, params.dictType, services.i18n, locale),
    }),
  ],
};
