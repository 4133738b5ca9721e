/**
 * The public API's throttles (issue 31): how many writes one address or one member may make in a
 * window. They are counted in the database (cms_public_rate), so every server process on one
 * database shares them. A route lists the ones it counts against (`limits` in its declaration).
 * The console's throttles are server/core/rate-limits.ts; these never count console requests.
 */
export const PUBLIC_LIMITS = {
  /** any write from one address, whatever the route: a flood's ceiling */
  writePerIp: { max: 120, windowMs: 60_000 },
  /** member sign-in attempts from one address (wrong passwords also count per name, like console users') */
  memberLoginPerIp: { max: 20, windowMs: 60_000 },
  /** registrations from one address */
  memberRegisterPerIp: { max: 10, windowMs: 60 * 60_000 },
  /** e-mail codes sent to one address's requests */
  emailCodePerIp: { max: 5, windowMs: 10 * 60_000 },
  /** e-mail codes one member asks for */
  emailCodePerMember: { max: 5, windowMs: 10 * 60_000 },
  /** profile, password and e-mail changes of one member */
  accountPerMember: { max: 20, windowMs: 10 * 60_000 },
  /** comments and replies from one address */
  commentPerIp: { max: 10, windowMs: 60_000 },
  /** comments and replies of one member */
  commentPerMember: { max: 5, windowMs: 60_000 },
  /** likes, favorites and follows (and their undoing) of one member */
  reactPerMember: { max: 60, windowMs: 60_000 },
  /** vote submissions from one address (a vote's own limits come on top, exactly) */
  votePerIp: { max: 20, windowMs: 60_000 },
  /** mailbox messages from one address */
  mailboxPerIp: { max: 5, windowMs: 10 * 60_000 },
  /** contributions (and their edits) of one member */
  contributePerMember: { max: 10, windowMs: 10 * 60_000 },
  /** images and avatars one member uploads */
  uploadPerMember: { max: 20, windowMs: 10 * 60_000 },
  /** captchas issued to one address */
  captchaPerIp: { max: 30, windowMs: 60_000 },
} as const satisfies Record<string, { max: number; windowMs: number }>;

export type PublicLimitName = keyof typeof PUBLIC_LIMITS;

/** A throttle a route counts against: per the caller's address, or per the signed-in member. */
export interface PublicLimitUse {
  name: PublicLimitName;
  per: 'ip' | 'member';
}
