import { gt, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ipMatches } from '../../../shared/validators/ip.ts';
import { sysIpRule } from './schema.ts';

export interface IpRuleLike {
  ip: string;
  type: string;
  expireTime: Date | null;
}

/**
 * The rule set's verdict for an address: a matching DENY blocks; once any ALLOW rule exists, only
 * addresses matching one get in. Expired rules are ignored.
 */
export function isBlocked(rules: readonly IpRuleLike[], ip: string, now = new Date()): boolean {
  const live = rules.filter((r) => !r.expireTime || r.expireTime > now);
  if (live.some((r) => r.type === 'DENY' && ipMatches(ip, r.ip))) return true;
  const allows = live.filter((r) => r.type === 'ALLOW');
  return allows.length > 0 && !allows.some((r) => ipMatches(ip, r.ip));
}

/** How long another server process may keep using rules it has read. */
const FRESH_MS = 5000;

/** Checks every API request; keeps the live rules in memory, re-read after a change or a few seconds. */
export class IpGuard {
  private rules: IpRuleLike[] = [];
  private loadedAt = 0;
  private readonly db: DbOrTx;
  constructor(db: DbOrTx) {
    this.db = db;
  }

  invalidate() {
    this.loadedAt = 0;
  }

  /** The rules as last read (for the cache monitor). */
  snapshot(): readonly IpRuleLike[] {
    return this.rules;
  }

  async blocked(ip: string): Promise<boolean> {
    return isBlocked(await this.live(), ip);
  }

  /**
   * Whether a DENY rule names the address: the published sites' port answers everyone else, for
   * ALLOW rules keep the back office to some addresses, not a site's readers (README "Two origins").
   */
  async denied(ip: string): Promise<boolean> {
    return isBlocked((await this.live()).filter((r) => r.type === 'DENY'), ip);
  }

  private async live(): Promise<readonly IpRuleLike[]> {
    if (Date.now() - this.loadedAt > FRESH_MS) {
      this.rules = await this.db
        .select({ ip: sysIpRule.ip, type: sysIpRule.type, expireTime: sysIpRule.expireTime })
        .from(sysIpRule)
        .where(or(isNull(sysIpRule.expireTime), gt(sysIpRule.expireTime, new Date())));
      this.loadedAt = Date.now();
    }
    return this.rules;
  }
}
