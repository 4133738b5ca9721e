import { publicRoute, type PublicRoute } from '../public-api/route.ts';
import {
  emailOnlyBody, memberChangeEmailBody, memberForgotBody, memberInfoBody, memberLoginBody, memberPasswordBody, memberRegisterBody, signInMonthQuery,
} from '../../../../shared/validators/member.ts';
import { changeEmail, changePassword, login, logout, register, resetForgotten, sendChangeEmailCode, sendForgotCode, sendRegisterCode } from './account.ts';
import { levels, ownInfo, saveInfo, signIn, signInMonth, whoAmI } from './profile.ts';
import { serveAvatar, uploadAvatar, AVATAR_UPLOAD_LIMIT } from './avatar.ts';
import { noData } from '../../../core/route.ts';
import { avatarReply, levelsReply, memberTokenReply, ownInfoReply, registeredReply, signInMonthReply, signInReply, whoAmIReply } from './replies.ts';

/**
 * Members' routes of the readers' public API (ChestnutCMS's `/api/member/...` paths; the forgotten
 * password, `forget_password` and `forget_password/code`, is ours). Field names are the default
 * theme's forms' (account/*.template.html). Documented in docs/public-api.md.
 */
const FIELDS = 'member';

export const MEMBER_PUBLIC_ROUTES: readonly PublicRoute[] = [
  publicRoute({
    method: 'GET', url: '/api/member/register_sms_code', query: emailOnlyBody, fields: FIELDS,
    limits: [{ name: 'emailCodePerIp', per: 'ip' }],
    reply: noData,
    handler: (call) => sendRegisterCode(call, call.query.email),
  }),
  publicRoute({
    method: 'POST', url: '/api/member/register', body: memberRegisterBody, fields: FIELDS,
    limits: [{ name: 'memberRegisterPerIp', per: 'ip' }],
    reply: registeredReply,
    handler: (call) => register(call, call.body),
  }),
  publicRoute({
    method: 'POST', url: '/api/member/login', body: memberLoginBody, fields: FIELDS,
    limits: [{ name: 'memberLoginPerIp', per: 'ip' }],
    reply: memberTokenReply,
    handler: (call) => login(call, call.body),
  }),
  publicRoute({ method: 'POST', url: '/api/member/logout', reply: noData, handler: (call) => logout(call) }),
  publicRoute({ method: 'GET', url: '/api/member/is_login', reply: whoAmIReply, handler: (call) => whoAmI(call) }),
  publicRoute({ method: 'GET', url: '/api/member/info', member: 'required', reply: ownInfoReply, handler: (call) => ownInfo(call) }),
  publicRoute({
    method: 'POST', url: '/api/member/info', member: 'required', body: memberInfoBody, fields: FIELDS,
    limits: [{ name: 'accountPerMember', per: 'member' }],
    reply: noData,
    handler: (call) => saveInfo(call, call.body),
  }),
  publicRoute({
    method: 'POST', url: '/api/member/avatar', member: 'required', multipart: true, bodyLimit: AVATAR_UPLOAD_LIMIT,
    limits: [{ name: 'uploadPerMember', per: 'member' }],
    reply: avatarReply,
    handler: (call) => uploadAvatar(call),
  }),
  // The picture itself, on the sites port: <img src> of the member centre and of comments (no site needed: a member is every site's).
  publicRoute({ method: 'GET', url: '/api/member/avatar/:memberId', site: 'optional', raw: true, produces: 'image/*', handler: (call) => serveAvatar(call) }),
  ...(['POST', 'PUT'] as const).map((method) => publicRoute({
    method, url: '/api/member/reset_pwd', member: 'required', body: memberPasswordBody, fields: FIELDS,
    limits: [{ name: 'accountPerMember', per: 'member' }],
    reply: noData,
    handler: (call) => changePassword(call, call.body),
  })),
  publicRoute({
    method: 'POST', url: '/api/member/forget_password/code', body: emailOnlyBody, fields: FIELDS,
    limits: [{ name: 'emailCodePerIp', per: 'ip' }],
    reply: noData,
    handler: (call) => sendForgotCode(call, call.body.email),
  }),
  publicRoute({
    method: 'POST', url: '/api/member/forget_password', body: memberForgotBody, fields: FIELDS,
    limits: [{ name: 'memberLoginPerIp', per: 'ip' }],
    reply: noData,
    handler: (call) => resetForgotten(call, call.body),
  }),
  publicRoute({
    // ChestnutCMS's path for a signed-in member's codes; `type=email` (the only kind here) is the default theme's.
    method: 'POST', url: '/api/member/sms_code', member: 'required', body: emailOnlyBody, fields: FIELDS,
    limits: [{ name: 'emailCodePerMember', per: 'member' }, { name: 'emailCodePerIp', per: 'ip' }],
    reply: noData,
    handler: (call) => sendChangeEmailCode(call, call.body.email),
  }),
  publicRoute({
    method: 'POST', url: '/api/member/change_email', member: 'required', body: memberChangeEmailBody, fields: FIELDS,
    limits: [{ name: 'accountPerMember', per: 'member' }],
    reply: noData,
    handler: (call) => changeEmail(call, call.body),
  }),
  publicRoute({ method: 'GET', url: '/api/member/level', member: 'required', reply: levelsReply, handler: (call) => levels(call) }),
  publicRoute({ method: 'GET', url: '/api/member/signIn', member: 'required', query: signInMonthQuery, fields: FIELDS, reply: signInMonthReply, handler: (call) => signInMonth(call, call.query) }),
  publicRoute({
    method: 'POST', url: '/api/member/signIn', member: 'required',
    limits: [{ name: 'accountPerMember', per: 'member' }],
    reply: signInReply,
    handler: (call) => signIn(call),
  }),
];
