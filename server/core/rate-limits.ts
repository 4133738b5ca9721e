import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Actor } from './access.ts';
import { AppError, ReplyCode } from './errors.ts';

/**
 * Every throttle the API applies, in one place (README "The API pipeline"). Each counts requests
 * per key within a fixed window and refuses the rest with code 429 until the window ends. They sit
 * on top of the security config's retry limit, which counts wrong passwords per user name: these
 * stop floods (of guesses, captchas, uploads) whatever the config says.
 *
 * Counters live in each server process's memory (@fastify/rate-limit's store), so N processes
 * allow N times these numbers; the retry limit, kept in the database, is the one that holds across
 * processes. Behind a reverse proxy, set TRUST_PROXY so the address is the client's, not the proxy's.
 */
export const RATE_LIMITS = {
  /** sign-in attempts from one address: enough for an office behind one NAT signing in at 9 am */
  loginPerIp: { max: 30, windowMs: 60_000 },
  /** sign-in attempts at one user name, from anywhere: stops a spread-out guesser of one account */
  loginPerUserName: { max: 10, windowMs: 5 * 60_000 },
  /** self-registrations from one address */
  registerPerIp: { max: 10, windowMs: 60 * 60_000 },
  /** captchas issued to one address (the sign-in page takes one per load and per failure) */
  captchaPerIp: { max: 30, windowMs: 60_000 },
  /** old-password checks of one signed-in user (wrong ones also count against the retry limit) */
  passwordChangePerUser: { max: 10, windowMs: 10 * 60_000 },
  /** files one user uploads (attachments, images, avatars) */
  uploadPerUser: { max: 30, windowMs: 60_000 },
  /** a published page's custom-form submissions from one address (a form's own daily limit comes on top) */
  formSubmitPerIp: { max: 20, windowMs: 60_000 },
  /** a published site's searches from one address (the search page and the search API together) */
  searchPerIp: { max: 60, windowMs: 60_000 },
} as const satisfies Record<string, { max: number; windowMs: number }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** What a route's request offers to key a counter on. */
export interface RateKeyInput {
  ip: string;
  actor: Actor | null;
  /** the validated body */
  body: unknown;
}

/**
 * A throttle a route declares: which counter, and what it counts per — the client's address, the
 * signed-in user, or a key the route derives from its validated input (e.g. the user name a
 * sign-in is for). A request without such a key (no user) is not counted by that throttle.
 */
export interface RateLimit {
  name: RateLimitName;
  per: 'ip' | 'user' | ((input: RateKeyInput) => string | undefined);
}

type Check = (req: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number }>;

/** The throttles of one server: one counter store per name. */
export class RateLimiter {
  private readonly checks = new Map<RateLimitName, Check>();
  /** the key the next check of a request counts (the plugin asks a key generator for it) */
  private readonly keys = new WeakMap<FastifyRequest, string>();

  /** Registers @fastify/rate-limit on `app` (no global limit) and makes one counter per name. */
  static async create(app: FastifyInstance, enabled: boolean): Promise<RateLimiter> {
    const limiter = new RateLimiter(enabled);
    if (!enabled) return limiter;
    await app.register(rateLimit, { global: false });
    for (const [name, rule] of Object.entries(RATE_LIMITS) as [RateLimitName, (typeof RATE_LIMITS)[RateLimitName]][]) {
      limiter.checks.set(
        name,
        app.createRateLimit({ max: rule.max, timeWindow: rule.windowMs, keyGenerator: (req) => limiter.keys.get(req) ?? req.ip }),
      );
    }
    return limiter;
  }

  private readonly enabled: boolean;
  private constructor(enabled: boolean) {
    this.enabled = enabled;
  }

  /** Counts the request against each of `limits`; throws 429 (with the seconds to wait) on the first one used up. */
  async enforce(req: FastifyRequest, limits: readonly RateLimit[] | undefined, input: RateKeyInput): Promise<void> {
    if (!this.enabled || !limits) return;
    for (const limit of limits) {
      const key = limit.per === 'ip' ? input.ip : limit.per === 'user' ? (input.actor ? `user:${input.actor.userId}` : undefined) : limit.per(input);
      if (key === undefined) continue;
      this.keys.set(req, key);
      const result = await this.checks.get(limit.name)!(req);
      if (!result.isAllowed && result.isExceeded) {
        const seconds = Math.max(1, result.ttlInSeconds ?? 1);
        throw new RateLimited(seconds);
      }
    }
  }
}

/** 429: the request was not run; `seconds` until the window ends (sent as Retry-After too). */
export class RateLimited extends AppError {
  readonly seconds: number;
  constructor(seconds: number) {
    super('guard.tooManyRequests', { seconds }, ReplyCode.TOO_MANY_REQUESTS);
    this.seconds = seconds;
  }
}
