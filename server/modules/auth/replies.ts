import { z } from 'zod';

/**
 * The replies of sign-in and the session's view of itself, as the console reads them (RouteSpec
 * `reply`: published in the OpenAPI document, checked against every reply in the tests).
 */

/** `/captchaImage`: an SVG captcha, or only `captchaEnabled: false` when sign-in asks for none. */
export const captchaReply = z.union([
  z.object({ captchaEnabled: z.literal(true), uuid: z.string(), img: z.string().describe('base64'), imgType: z.string() }),
  z.object({ captchaEnabled: z.literal(false) }),
]);

export const loginConfigReply = z.object({
  captcha: z.object({ enabled: z.boolean(), type: z.string() }),
  registerEnabled: z.boolean(),
});

/** `/login`: the bearer token. */
export const tokenReply = z.string().min(1).describe('the bearer token for the Authorization header');

/** The signed-in user as `/getInfo` and the profile answer it: null and empty fields are left out (ChestnutCMS). */
export const userInfoReply = z.object({
  userId: z.int(),
  deptId: z.int().optional(),
  deptName: z.string().optional(),
  userName: z.string(),
  nickName: z.string(),
  email: z.string().optional(),
  phoneNumber: z.string().optional(),
  sex: z.string(),
  avatar: z.string().optional(),
  avatarSrc: z.string().optional(),
  status: z.string(),
  loginIp: z.string().optional(),
  loginDate: z.string().optional(),
  prevLoginIp: z.string().optional(),
  prevLoginDate: z.string().optional(),
  passwordModifyTime: z.string().optional(),
  forceModifyPassword: z.string(),
  createTime: z.string(),
});

export const getInfoReply = z.object({
  user: userInfoReply.extend({ isPasswordExpired: z.boolean() }),
  roles: z.array(z.string()).min(1),
  permissions: z.array(z.string()),
});

/** A route of `/getRouters` (ChestnutCMS RouterVO; src/lib/routes/types.ts ServerRoute), children nested. */
export const routerReply: z.ZodType = z.object({
  name: z.string().optional(),
  path: z.string(),
  hidden: z.boolean(),
  redirect: z.string().optional(),
  component: z.string().optional(),
  query: z.string().optional(),
  alwaysShow: z.boolean().optional(),
  meta: z.object({ title: z.string(), icon: z.string().optional(), noCache: z.boolean(), link: z.string().optional() }).optional(),
  get children() {
    return z.array(routerReply).optional();
  },
}).meta({ id: 'Router' });

export const routersReply = z.array(routerReply);
