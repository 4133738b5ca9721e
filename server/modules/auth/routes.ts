import { z } from 'zod';
import { defineRoute, noData, type AuthedContext, type RouteContext, type ServerModule } from '../../core/route.ts';
import { inTransaction, opBase } from '../../core/operation.ts';
import { loginBody, registerBody, type LoginBody } from '../../../shared/validators/auth.ts';
import { issueCaptcha } from './captcha.ts';
import { login, logout, register, unlockAccount, type Client } from './login.ts';
import { getInfo } from './user-info.ts';
import { captchaReply, getInfoReply, loginConfigReply, routersReply, tokenReply } from './replies.ts';
import { routersFor } from '../system/index.ts';
import { captchaEnabled, configValue } from '../system/index.ts';

const client = (ctx: Pick<RouteContext<unknown, unknown, unknown>, 'ip' | 'req'>): Client => ({
  ip: ctx.ip,
  userAgent: ctx.req.headers['user-agent'],
});

// Sign-in, sign-out and the session's view of itself. Login and logout write the login log
// themselves, so they stay out of the operation log; none of them is a form a user can double-post.
export const authModule: ServerModule = {
  name: 'auth',
  routes: [
    defineRoute({
      method: 'PUT',
      url: '/monitor/logininfor/unlock/:userName',
      perm: 'system:user:unlock',
      params: z.object({ userName: z.string().min(1).max(30) }),
      log: { title: 'oplog.logininfor', type: 'OTHER' },
      reply: noData,
      // From the login log: lift a retry lock before it runs out.
      handler: (ctx) => inTransaction(opBase(ctx as AuthedContext<unknown, unknown, unknown>), (op) => unlockAccount(op, ctx.params.userName)),
    }),
    defineRoute({
      method: 'GET',
      url: '/captchaImage',
      perm: 'public',
      limits: [{ name: 'captchaPerIp', per: 'ip' }],
      reply: captchaReply,
      handler: async ({ services, db }) => ((await captchaEnabled(services)) ? issueCaptcha(db) : { captchaEnabled: false }),
    }),
    defineRoute({
      method: 'GET',
      url: '/login/config',
      perm: 'public',
      reply: loginConfigReply,
      handler: async ({ services }) => ({
        captcha: { enabled: await captchaEnabled(services), type: 'Text' },
        registerEnabled: (await configValue(services, 'sys.account.registerUser')) === 'true',
      }),
    }),
    defineRoute({
      method: 'POST',
      url: '/login',
      perm: 'public',
      body: loginBody,
      log: false,
      allowRepeat: true,
      // Per address, and per user name from anywhere (a guesser spread over many addresses).
      limits: [
        { name: 'loginPerIp', per: 'ip' },
        { name: 'loginPerUserName', per: ({ body }) => `name:${(body as LoginBody).username.trim().toLowerCase()}` },
      ],
      reply: tokenReply,
      handler: (ctx) => login(ctx.services, ctx.body, client(ctx)),
    }),
    defineRoute({
      method: 'POST',
      url: '/register',
      perm: 'public',
      body: registerBody,
      log: false,
      allowRepeat: true,
      limits: [{ name: 'registerPerIp', per: 'ip' }],
      reply: noData,
      handler: (ctx) => register(ctx.services, ctx.body, client(ctx)),
    }),
    defineRoute({
      method: 'POST',
      url: '/logout',
      // Public on purpose: signing out with an expired or already revoked token is not an error.
      perm: 'public',
      log: false,
      allowRepeat: true,
      reply: noData,
      handler: (ctx) => logout(ctx.services, ctx.actor, client(ctx)),
    }),
    defineRoute({
      method: 'GET',
      url: '/getInfo',
      perm: 'login',
      // What the console needs to show the password demand (and to sign out) answers during it.
      duringPasswordChange: true,
      reply: getInfoReply,
      handler: ({ db, actor }) => getInfo(db, actor),
    }),
    defineRoute({
      method: 'GET',
      url: '/getRouters',
      perm: 'login',
      duringPasswordChange: true,
      reply: routersReply,
      handler: ({ db, actor, services, locale }) => routersFor(db, actor, services.i18n, locale),
    }),
  ],
};
