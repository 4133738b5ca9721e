import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../tests/helpers/server.ts';
import { createUser } from './test-fixtures.ts';

const ts = useTestServer();

describe('online users', () => {
  it('lists live sessions and a force logout ends one: its next request gets 401', async () => {
    await createUser(ts.database.db, 'visitor', { password: 'Visit1234' });
    const visitor = (await ts.api('POST', '/login', { body: { username: 'visitor', password: 'Visit1234' }, headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0' } })).data as string;
    const list = await ts.api('GET', '/monitor/online/list', { token: ts.admin, query: { userName: 'visit' } });
    expect(list.data.total).toBe(1);
    const row = list.data.rows[0];
    expect(row).toMatchObject({ userName: 'visitor', browser: 'Chrome', os: 'Linux', current: false });
    expect(JSON.stringify(list.data)).not.toContain(visitor);
    expect((await ts.api('GET', '/getInfo', { token: visitor })).code).toBe(200);
    expect((await ts.api('DELETE', `/monitor/online/${row.tokenId}`, { token: ts.admin })).code).toBe(200);
    expect((await ts.api('GET', '/getInfo', { token: visitor })).code).toBe(401);
    expect((await ts.api('GET', '/monitor/online/list', { token: ts.admin, query: { userName: 'visit' } })).data.total).toBe(0);
  });
});
