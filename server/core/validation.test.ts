import { describe, expect, it, vi } from 'vitest';
import { useTestServer } from '../../tests/helpers/server.ts';

// Issue 8, low: 20-digit ids, NUL characters and impossible dates failed deep in the database
// with a generic error. Each is now refused by the field that carries it, in the reader's language;
// and a batch call of too many ids is refused before any query.
const ts = useTestServer();
const en = { 'accept-language': 'en', repeatsubmit: 'false' };
const HUGE = '99999999999999999999';
const ID_RANGE = 'must be a record id: a whole number from 0 to 9007199254740991';

const call = (method: string, path: string, body?: unknown, query?: Record<string, string>) =>
  ts.api(method, path, { token: ts.admin, body, query, headers: en });

describe('input the database cannot hold is refused by its field', () => {
  it('ids beyond the safe integer range', async () => {
    expect(await call('GET', `/system/post/${HUGE}`)).toEqual({ code: 500, msg: `Id ${ID_RANGE}` });
    expect(await call('PUT', '/system/user/changeStatus', { userId: HUGE, status: '0' })).toEqual({ code: 500, msg: `User id ${ID_RANGE}` });
    expect(await call('PUT', '/system/post', { postId: 1e20, postName: 'x' })).toEqual({ code: 500, msg: `Post id ${ID_RANGE}` });
    expect(await call('DELETE', '/system/post', [1, HUGE])).toEqual({ code: 500, msg: `Selected records ${ID_RANGE}` });
    expect(await call('GET', '/system/user/list', undefined, { deptId: HUGE })).toEqual({ code: 500, msg: `Department ${ID_RANGE}` });
    expect(await call('GET', `/system/role/grants/${HUGE}`)).toEqual({ code: 500, msg: `Role id ${ID_RANGE}` });
  });

  it('NUL characters, in a body, a path and a query', async () => {
    expect(await call('POST', '/system/post', { postCode: 'a\u0000b', postName: 'Nul' })).toEqual({ code: 500, msg: 'Post code contains a NUL character (\\u0000), which cannot be stored' });
    expect((await call('GET', '/system/config/configKey/a%00b')).msg).toBe('Config key contains a NUL character (\\u0000), which cannot be stored');
    expect((await call('GET', '/system/post/list', undefined, { postName: 'a\u0000' })).msg).toBe('Post name contains a NUL character (\\u0000), which cannot be stored');
    expect((await call('PUT', '/system/user/profile', { nickName: 'Nul\u0000', email: 'n@example.com' })).msg).toMatch(/^Nickname contains a NUL character/);
  });

  it('impossible dates in list filters and forms', async () => {
    const dateMsg = (field: string) => `${field} is not a real date and time (yyyy-MM-dd HH:mm:ss)`;
    expect(await call('GET', '/system/post/list', undefined, { beginTime: '9999-99-99' })).toEqual({ code: 500, msg: dateMsg('Begin time') });
    expect(await call('GET', '/system/user/list', undefined, { endTime: '2024-02-30' })).toEqual({ code: 500, msg: dateMsg('End time') });
    expect(await call('GET', '/monitor/operlog/list', undefined, { beginTime: '2024-01-01 25:00:00' })).toEqual({ code: 500, msg: dateMsg('Begin time') });
    expect((await call('POST', '/system/iprule', { ip: '203.0.113.9', type: 'DENY', expireTime: '99999-01-01' })).msg).toMatch(/^Expire/);
    // Real dates still filter.
    expect((await call('GET', '/system/post/list', undefined, { beginTime: '2024-02-29', endTime: '2999-12-31 23:59:59' })).code).toBe(200);
  });
});

describe('batch calls', () => {
  it('refuses 10,000 ids at once, naming the limit, without touching the database', async () => {
    const transaction = vi.spyOn(ts.database.db, 'transaction');
    const ids = Array.from({ length: 10_000 }, (_, i) => i + 1);
    expect(await call('DELETE', '/system/post', ids)).toEqual({ code: 500, msg: 'Selected records: at most 1000 at a time' });
    expect(await call('DELETE', '/system/post', { ids })).toEqual({ code: 500, msg: 'Selected records: at most 1000 at a time' });
    expect(transaction).not.toHaveBeenCalled();
    transaction.mockRestore();
    expect((await call('DELETE', '/system/post', [999_999])).msg).toBe('The record does not exist or is out of your reach');
  });
});
