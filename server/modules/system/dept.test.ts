import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../tests/helpers/server.ts';
import { sysDept, sysUser } from './schema.ts';
import { createUser } from '../auth/test-fixtures.ts';

const ts = useTestServer();
const NO_GUARD = { repeatSubmit: 'false' };

const add = async (deptName: string, parentId: number) => {
  const r = await ts.api('POST', '/system/dept', { token: ts.admin, body: { deptName, parentId }, headers: NO_GUARD });
  expect(r.code, r.msg).toBe(200);
  return r.data.deptId as number;
};
const ancestors = async (id: number) => (await ts.database.db.select().from(sysDept).where(eq(sysDept.deptId, id)))[0]!.ancestors;

describe('department tree', () => {
  it('keeps ancestor paths when adding and moving subtrees', async () => {
    const sales = await add('Sales', 100);
    const east = await add('East', sales);
    const shanghai = await add('Shanghai', east);
    expect(await ancestors(shanghai)).toBe(`0,100,${sales},${east}`);
    // Move East under R&D (101): Shanghai follows.
    expect((await ts.api('PUT', '/system/dept', { token: ts.admin, body: { deptId: east, parentId: 101 }, headers: NO_GUARD })).code).toBe(200);
    expect(await ancestors(east)).toBe('0,100,101');
    expect(await ancestors(shanghai)).toBe(`0,100,101,${east}`);
  });

  it('moves a subtree whose ancestors include an id that starts with the moved id', async () => {
    // 900 below 9001: the text ",900" also occurs inside ",9001", which must not confuse the rewrite.
    await ts.database.db.insert(sysDept).values([
      { deptId: 9001, parentId: 100, ancestors: '0,100', deptName: 'Outer' },
      { deptId: 900, parentId: 9001, ancestors: '0,100,9001', deptName: 'Inner' },
    ]);
    const leaf = await add('Leaf', 900);
    const deeper = await add('Deeper', leaf);
    expect(await ancestors(deeper)).toBe(`0,100,9001,900,${leaf}`);
    expect((await ts.api('PUT', '/system/dept', { token: ts.admin, body: { deptId: 900, parentId: 101 }, headers: NO_GUARD })).code).toBe(200);
    expect(await ancestors(900)).toBe('0,100,101');
    expect(await ancestors(leaf)).toBe('0,100,101,900');
    expect(await ancestors(deeper)).toBe(`0,100,101,900,${leaf}`);
  });

  it('refuses to move a department below itself or one of its descendants', async () => {
    const a = await add('A', 100);
    const b = await add('B', a);
    const self = await ts.api('PUT', '/system/dept', { token: ts.admin, body: { deptId: a, parentId: a }, headers: { ...NO_GUARD, 'accept-language': 'en' } });
    expect(self).toEqual({ code: 500, msg: 'A department cannot be its own parent' });
    const below = await ts.api('PUT', '/system/dept', { token: ts.admin, body: { deptId: a, parentId: b }, headers: { ...NO_GUARD, 'accept-language': 'en' } });
    expect(below.msg).toBe('A department cannot move below one of its own sub-departments');
    expect(await ancestors(a)).toBe('0,100');
  });

  it('refuses a sibling with the same name', async () => {
    await add('Twin', 100);
    const r = await ts.api('POST', '/system/dept', { token: ts.admin, body: { deptName: 'Twin', parentId: 100 }, headers: NO_GUARD });
    expect(r).toEqual({ code: 500, msg: '同一上级下已存在部门“Twin”' });
  });

  it('refuses to delete a department with children or users, and deletes an empty one', async () => {
    const parent = await add('Parent', 100);
    const child = await add('Child', parent);
    expect((await ts.api('DELETE', '/system/dept', { token: ts.admin, body: [parent], headers: NO_GUARD })).msg).toBe('存在下级部门，不允许删除');
    const u = await createUser(ts.database.db, 'dept_member');
    await ts.database.db.update(sysUser).set({ deptId: child }).where(eq(sysUser.userId, u.userId));
    expect((await ts.api('DELETE', '/system/dept', { token: ts.admin, body: [child], headers: NO_GUARD })).msg).toBe('部门存在用户，不允许删除');
    const empty = await add('Empty', 100);
    expect((await ts.api('DELETE', '/system/dept', { token: ts.admin, body: [empty], headers: NO_GUARD })).code).toBe(200);
    // Deleting a parent together with its only child is fine.
    const p2 = await add('P2', 100);
    const c2 = await add('C2', p2);
    expect((await ts.api('DELETE', '/system/dept', { token: ts.admin, body: [p2, c2], headers: NO_GUARD })).code).toBe(200);
  });

  it('disabling a department disables its subtree', async () => {
    const top = await add('Top', 100);
    const sub = await add('Sub', top);
    await ts.api('PUT', '/system/dept', { token: ts.admin, body: { deptId: top, status: '1' }, headers: NO_GUARD });
    const [row] = await ts.database.db.select().from(sysDept).where(eq(sysDept.deptId, sub));
    expect(row!.status).toBe('1');
    const r = await ts.api('POST', '/system/dept', { token: ts.admin, body: { deptName: 'Under disabled', parentId: top }, headers: NO_GUARD });
    expect(r.msg).toBe('上级部门已停用，不能新增子部门');
  });
});
