import { z } from 'zod';
import { defineRoute, RAW, type ServerModule } from '../../core/route.ts';
import { envelope } from '../../core/envelope.ts';
import { ReplyCode } from '../../core/errors.ts';
import { profileBody, updatePasswordBody } from '../../../src/lib/validators/profile.ts';
import { getProfile, updatePassword, updateProfile } from './profile.ts';
import { dictDataByType } from './lookups.ts';
import { updateAvatar } from './profile-avatar.ts';
import { getPreferences, savePreferences } from './preference.ts';
import { preferencesBody } from '../../../src/lib/validators/preference.ts';

// What any signed-in user may read or change about themselves, plus the two look-ups every
// screen needs (a config value, a dictionary); none needs a menu permission.
export const selfServiceModule: ServerModule = {
  name: 'self-service',
  routes: [
    defineRoute({
      method: 'GET',
      url: '/system/user/profile',
      perm: 'login',
      handler: ({ db, actor }) => getProfile(db, actor!),
    }),
    defineRoute({
      method: 'PUT',
      url: '/system/user/profile',
      perm: 'login',
      body: profileBody,
      log: { title: 'oplog.profile', type: 'UPDATE' },
      handler: ({ db, actor, body }) => updateProfile(db, actor!, body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/system/user/profile/updatePwd',
      perm: 'login',
      body: updatePasswordBody,
      log: { title: 'oplog.password', type: 'UPDATE' },
      handler: ({ db, actor, body }) => updatePassword(db, actor!, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/system/user/profile/avatar',
      perm: 'login',
      log: { title: 'oplog.avatar', type: 'UPDATE' },
      handler: ({ services, actor, req }) => updateAvatar(services, actor!, req),
    }),
    defineRoute({
      method: 'GET',
      url: '/system/user/preference',
      perm: 'login',
      handler: ({ db, actor }) => getPreferences(db, actor!),
    }),
    defineRoute({
      method: 'PUT',
      url: '/system/user/preference',
      perm: 'login',
      body: preferencesBody,
      log: { title: 'oplog.preference', type: 'UPDATE' },
      handler: ({ db, actor, body }) => savePreferences(db, actor!, body),
    }),
    defineRoute({
      method: 'GET',
      url: '/system/config/configKey/:configKey',
      perm: 'login',
      params: z.object({ configKey: z.string() }),
      handler: async ({ services, params, reply }) => {
        // RuoYi-style clients read the value from `msg`, newer ones from `data`: send it in both.
        const value = (await services.configValue(params.configKey)) ?? '';
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
