import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../../tests/helpers/server.ts';
import { createUser } from '../auth/test-fixtures.ts';
import { DEFAULT_PREFERENCES } from '../../../shared/validators/preference.ts';
import { sysUser } from './schema.ts';

let ts: TestServer;
let token: string;
const NO_GUARD = { repeatSubmit: 'false' };

beforeAll(async () => {
  ts = await startTestServer();
  await createUser(ts.database.db, 'pia', { password: 'Pia12345' });
  token = (await ts.api('POST', '/login', { body: { username: 'pia', password: 'Pia12345' } })).data;
});
afterAll(() => ts?.close());

describe('GET/PUT /system/user/preference', () => {
  it('answers every key with its default for a new user', async () => {
    expect(await ts.api('GET', '/system/user/preference', { token })).toMatchObject({ code: 200, data: DEFAULT_PREFERENCES });
    expect((await ts.api('GET', '/system/user/preference')).code).toBe(401);
  });

  it('merges a partial update into the saved preferences', async () => {
    const r = await ts.api('PUT', '/system/user/preference', { token, body: { pageSize: 50, contentEditorOpenMode: 'window' } });
    expect(r.code).toBe(200);
    expect(r.data).toEqual({ ...DEFAULT_PREFERENCES, pageSize: 50, contentEditorOpenMode: 'window' });
    await ts.api('PUT', '/system/user/preference', { token, body: { statGranularity: 'month', includeChildContent: true }, headers: NO_GUARD });
    const saved = (await ts.api('GET', '/system/user/preference', { token })).data;
    expect(saved).toEqual({ ...DEFAULT_PREFERENCES, pageSize: 50, contentEditorOpenMode: 'window', statGranularity: 'month', includeChildContent: true });
    const [u] = await ts.database.db.select({ p: sysUser.preferences }).from(sysUser).where(eq(sysUser.userName, 'pia'));
    expect(u!.p).toEqual(saved);
  });

  it('refuses unknown keys and bad values with a localized message naming the field', async () => {
    const unknown = await ts.api('PUT', '/system/user/preference', { token, body: { pageSize: 20, theme: 'dark' }, headers: NO_GUARD });
    expect(unknown).toEqual({ code: 500, msg: '不支持的设置项：theme' });
    const size = await ts.api('PUT', '/system/user/preference', { token, body: { pageSize: 25 }, headers: { ...NO_GUARD, 'accept-language': 'en' } });
    expect(size).toEqual({ code: 500, msg: 'Rows per page is not in a valid format' });
    expect((await ts.api('PUT', '/system/user/preference', { token, body: { openLinksInNewTab: 'yes' }, headers: NO_GUARD })).code).toBe(500);
    expect((await ts.api('PUT', '/system/user/preference', { token, body: { statGranularity: 'year' }, headers: NO_GUARD })).code).toBe(500);
    expect((await ts.api('GET', '/system/user/preference', { token })).data.pageSize).toBe(50);
  });

  it('falls back to the default for a stored value that no longer passes', async () => {
    await ts.database.db.update(sysUser).set({ preferences: { pageSize: 7, legacyKey: 1, statGranularity: 'week' } }).where(eq(sysUser.userName, 'pia'));
    expect((await ts.api('GET', '/system/user/preference', { token })).data).toEqual({ ...DEFAULT_PREFERENCES, statGranularity: 'week' });
  });
});
