import { ne } from 'drizzle-orm';
import { ipRuleResource } from '../../../shared/resources/system/iprule.ts';
import { resourceRoutes } from '../../core/resource-routes.ts';
import { fail } from '../../core/errors.ts';
import { sysIpRule } from './schema.ts';
import { isBlocked, type IpRuleLike } from './ip-guard.ts';
import { ipGuardOf } from './services.ts';

export const ipRuleRoutes = resourceRoutes(ipRuleResource, sysIpRule, {
  async beforeSave(op, values, _mode, existing) {
    // Refuse a rule set that would shut out the administrator making the change.
    const others = (await op.tx.select().from(sysIpRule).where(existing ? ne(sysIpRule.ruleId, existing.ruleId as number) : undefined)) as IpRuleLike[];
    const candidate = { ...existing, ...values } as unknown as IpRuleLike;
    if (isBlocked([...others, candidate], op.ip)) throw fail('iprule.wouldBlockSelf', { ip: op.ip });
  },
  afterCommit: (op) => ipGuardOf(op.services).invalidate(),
});
