import { z } from 'zod';
import { failAt } from '../../../core/errors.ts';
import { id } from '../../../../shared/validators/common.ts';
import { v } from '../../../../shared/validators/issues.ts';
import { publicRoute, type PublicCall, type PublicRoute } from '../public-api/route.ts';
import { favoritedReply, followedOfReply, followedReply, followListReply, likedReply, memberContentsReply, reactedReply } from './replies.ts';
import { follow, followedOf, followList, memberContents, react, reacted, unfollow, unreact, type Reaction } from './reactions.ts';

/** ChestnutCMS's LikeRequest / FavoriteRequest: the data's type (contents only) and id. */
const dataBody = z.object({ dataType: z.enum(['content', 'cms_content'], { error: v('invalid') }).default('content'), dataId: id() });
const page = z.object({
  limit: z.coerce.number({ error: v('invalid') }).int(v('invalid')).min(1, v('range', { min: 1, max: 50 })).max(50, v('range', { min: 1, max: 50 })).default(10),
  offset: z.coerce.number({ error: v('invalid') }).int(v('invalid')).min(0, v('range', { min: 0, max: 100000 })).max(100000, v('range', { min: 0, max: 100000 })).default(0),
});
/** ChestnutCMS sends `targetId` in the query; a JSON body naming it is taken too. */
const target = z.object({ targetId: id().optional() });
const targets = z.object({ targetIds: z.string().max(2000).regex(/^\d+(,\d+)*$/, v('invalid')) });

const REACT = [{ name: 'reactPerMember', per: 'member' }] as const;

const targetOf = (call: PublicCall<{ targetId?: number } | undefined, { targetId?: number }>) => {
  const t = call.query.targetId ?? call.body?.targetId;
  if (!t) throw failAt('targetId', 'required');
  return t;
};

/** Like or favorite, cancel, check: ChestnutCMS's paths (the DELETE forms are its deprecated cancels). */
function reactionRoutes(kind: Reaction, base: string): PublicRoute[] {
  return [
    publicRoute({
      method: 'POST', url: base, site: 'optional', member: 'required', limits: REACT, body: dataBody, fields: 'interact',
      reply: kind === 'like' ? likedReply : favoritedReply,
      handler: (call) => react(call.services.db, kind, call.member!.memberId, call.body.dataId, call.site?.siteId),
    }),
    ...([['POST', `${base}/cancel`], ['DELETE', base]] as const).map(([method, url]) => publicRoute({
      method, url, site: 'optional', member: 'required', limits: REACT, body: dataBody, fields: 'interact',
      reply: kind === 'like' ? likedReply : favoritedReply,
      handler: (call) => unreact(call.services.db, kind, call.member!.memberId, call.body.dataId),
    })),
    publicRoute({
      method: 'GET', url: `${base}/check`, site: 'optional', member: 'required', query: dataBody, fields: 'interact',
      reply: reactedReply,
      handler: (call) => reacted(call.services.db, kind, call.member!.memberId, call.query.dataId),
    }),
  ];
}

/**
 * The readers' likes, favorites and follows (ChestnutCMS /api/member/like|favorites|follow…, and
 * /api/cms/member/{uid}/likes|favorites): once per member, the contents' counts exact.
 */
export const INTERACT_PUBLIC_ROUTES: readonly PublicRoute[] = [
  ...reactionRoutes('like', '/api/member/like'),
  ...reactionRoutes('favorite', '/api/member/favorites'),
  publicRoute({
    method: 'POST', url: '/api/member/follow', site: 'optional', member: 'required', limits: REACT, query: target, body: target.optional(), fields: 'interact',
    reply: followedReply,
    handler: (call) => follow(call.services.db, call.member!.memberId, targetOf(call)),
  }),
  publicRoute({
    method: 'POST', url: '/api/member/cancel_follow', site: 'optional', member: 'required', limits: REACT, query: target, body: target.optional(), fields: 'interact',
    reply: followedReply,
    handler: (call) => unfollow(call.services.db, call.member!.memberId, targetOf(call)),
  }),
  publicRoute({
    method: 'GET', url: '/api/member/check_follow', site: 'optional', member: 'required', query: targets, fields: 'interact',
    reply: followedOfReply,
    handler: (call) => followedOf(call.services.db, call.member!.memberId, call.query.targetIds.split(',').slice(0, 100).map(Number)),
  }),
  ...(['followers', 'follows'] as const).map((which) => publicRoute({
    method: 'GET', url: `/api/member/${which}`, site: 'optional', member: 'required', query: page, fields: 'interact',
    reply: followListReply,
    handler: (call) => followList(call.services.db, call.member!.memberId, which, call.query),
  })),
  ...([['favorites', 'favorite'], ['likes', 'like']] as const).map(([path, kind]) => publicRoute({
    method: 'GET', url: `/api/cms/member/:uid/${path}`, site: 'optional', query: page, fields: 'interact',
    reply: memberContentsReply,
    handler: (call) => {
      const uid = id().safeParse(call.params.uid);
      if (!uid.success) throw failAt('uid', 'invalid');
      return memberContents(call.services.db, kind, uid.data, call.site?.siteId ?? null, call.query);
    },
  })),
];
