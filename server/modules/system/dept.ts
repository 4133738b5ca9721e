import { and, count, eq, ne, sql } from 'drizzle-orm';
import { deptResource } from '../../../shared/resources/system/dept.ts';
import { resourceRoutes } from '../../core/resource-routes.ts';
import { fail } from '../../core/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sysDept, sysUser } from './schema.ts';
import { deptScope, descendantsOf } from './data-scope.ts';

type Row = Record<string, unknown>;

/** The ancestors path of a new child of `parentId` (root first, comma-joined). */
async function ancestorsFor(tx: DbOrTx, parentId: number): Promise<string> {
  if (parentId === 0) return '0';
  const [parent] = await tx.select({ ancestors: sysDept.ancestors, status: sysDept.status }).from(sysDept).where(eq(sysDept.deptId, parentId));
  if (!parent) throw fail('dept.parentMissing');
  if (parent.status === '1') throw fail('dept.parentDisabled');
  return `${parent.ancestors},${parentId}`;
}

export const deptRoutes = resourceRoutes(deptResource, sysDept, {
  // Data scope: a role limited to its department sees that part of the tree only.
  access: { '*': (op) => deptScope(op.actor) },
  async beforeSave({ tx }, values, mode, existing) {
    const parentId = (values.parentId ?? existing?.parentId ?? 0) as number;
    const selfId = existing?.deptId as number | undefined;
    if (selfId !== undefined && parentId === selfId) throw fail('dept.parentSelf');
    // Sibling names must differ: two "Sales" under one parent cannot be told apart in the tree.
    const name = (values.deptName ?? existing?.deptName) as string;
    const sameName = and(eq(sysDept.parentId, parentId), eq(sysDept.deptName, name), selfId === undefined ? undefined : ne(sysDept.deptId, selfId));
    const [dup] = await tx.select({ n: count() }).from(sysDept).where(sameName);
    if (Number(dup?.n) > 0) throw fail('dept.nameExists', { name });
    if (mode === 'create' || values.parentId !== undefined) {
      const ancestors = await ancestorsFor(tx, parentId);
      if (selfId !== undefined && ancestors.split(',').includes(String(selfId))) throw fail('dept.parentDescendant');
      values.ancestors = ancestors;
    }
  },
  async afterSave({ tx }, row, body, mode) {
    if (mode !== 'update') return;
    const id = row.deptId as number;
    if (body.parentId !== undefined) {
      // Moving a department moves its subtree: in one statement, each descendant's path keeps
      // what follows this department's own element (matched whole: `,9` is not `,90`) behind
      // the department's new path.
      const own = `${row.ancestors as string},${id}`;
      const tailStart = sql`strpos(${sysDept.ancestors} || ',', ${`,${id},`}) + ${`,${id}`.length}`;
      await tx.update(sysDept).set({ ancestors: sql`${own} || substr(${sysDept.ancestors}, ${tailStart})` }).where(descendantsOf(id));
    }
    if (row.status === '1') {
      // A disabled department cannot keep enabled sub-departments.
      await tx.update(sysDept).set({ status: '1' }).where(descendantsOf(id));
    }
  },
  async beforeRemove({ tx }, rows: Row[]) {
    const ids = rows.map((r) => r.deptId as number);
    const [kids] = await tx.select({ n: count() }).from(sysDept).where(and(sql`${sysDept.parentId} in ${ids}`, sql`${sysDept.deptId} not in ${ids}`));
    if (Number(kids?.n) > 0) throw fail('dept.hasChildren');
    const [users] = await tx.select({ n: count() }).from(sysUser).where(sql`${sysUser.deptId} in ${ids}`);
    if (Number(users?.n) > 0) throw fail('dept.hasUsers');
  },
});
