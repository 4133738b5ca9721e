import { ne } from 'drizzle-orm';
import { ipRuleResource } from '../../../src/lib/resources/system/iprule.ts';
import { resourceRoutes } from '../../core/resource.ts';
import { fail } from '../../core/errors.ts';
import { sysIpRule } from './schema.ts';
import { isBlocked, type IpRuleLike } from './ip-guard.ts';

export const ipRuleRoutes = resourceRoutes(ipRuleResource, sysIpRule, {
  async beforeSave(ctx, values, _mode, tx, existing) {
    // Refuse a rule set that would shut out the administrator making the change.
    const others = (await tx.select().from(sysIpRule).where(existing ? ne(sysIpRule.ruleId, existing.ruleId as number) : undefined)) as IpRuleLike[];
    const candidate = { ...existing, ...values } as unknown as IpRuleLike;
    if (isBlocked([...others, candidate], ctx.ip)) throw fail('iprule.wouldBlockSelf', { ip: ctx.ip });
  },
  afterCommit: (ctx) => ctx.services.ipGuard.invalidate(),
});
