import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../tests/helpers/server.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sysUser } from './schema.ts';
import { presentUsers } from './user.ts';

const ts = useTestServer();
const H = { repeatSubmit: 'false' };

beforeAll(async () => {
  for (const [deptName, users] of [['Press', ['press1', 'press2']], ['Archive', ['archive1']]] as const) {
    const dept = await ts.api('POST', '/system/dept', { token: ts.admin, headers: H, body: { deptName, parentId: 100 } });
    for (const userName of users) {
      const u = await ts.api('POST', '/system/user', { token: ts.admin, headers: H, body: { userName, nickName: userName, deptId: dept.data.deptId, password: 'Pass1234' } });
      expect(u.code, u.msg).toBe(200);
    }
  }
});

describe('user rows in replies', () => {
  it('carry their department name in the list and the detail, and never a secret', async () => {
    const list = await ts.api('GET', '/system/user/list', { token: ts.admin, query: { pageSize: '50' } });
    const byName = new Map((list.data.rows as { userName: string; deptName?: string; userId: number }[]).map((u) => [u.userName, u]));
    expect([byName.get('press1')?.deptName, byName.get('press2')?.deptName, byName.get('archive1')?.deptName]).toEqual(['Press', 'Press', 'Archive']);
    expect(JSON.stringify(list.data)).not.toMatch(/"password"|loginFailCount|preferences/);
    const one = await ts.api('GET', `/system/user/${byName.get('archive1')!.userId}`, { token: ts.admin });
    expect(one.data.deptName).toBe('Archive');
  });

  it('look departments up once per page, however many rows it has', async () => {
    const db = ts.database.db;
    const rows = (await db.select().from(sysUser)) as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThanOrEqual(4);
    let selects = 0;
    const counting = new Proxy(db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key !== 'select') return typeof value === 'function' ? value.bind(target) : value;
        return (...args: unknown[]) => {
          selects++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    }) as DbOrTx;
    const shaped = await presentUsers(counting, rows);
    expect(selects).toBe(1);
    expect(shaped.filter((u) => u.deptName).length).toBe(rows.length);
    expect(await presentUsers(counting, [])).toEqual([]);
    expect(selects).toBe(1);
  });
});
