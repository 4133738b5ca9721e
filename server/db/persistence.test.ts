import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from '../app.ts';
import { eq } from 'drizzle-orm';
import { sysUser } from '../modules/system/schema.ts';
import type { InjectOptions } from 'fastify';

// The embedded database keeps its data on disk: stop the server, start it again, nothing is lost.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const start = () => createServer({ config: { dataDir, databaseUrl: undefined, captchaEnabled: false, consoleDir: '/nonexistent' } });
const call = async (s: Awaited<ReturnType<typeof start>>, method: string, url: string, token?: string, payload?: unknown) =>
  (await s.app.inject({ method: method as 'GET', url: `/prod-api${url}`, payload: payload as InjectOptions['payload'], headers: token ? { authorization: `Bearer ${token}` } : {} })).json();

describe('PGlite on disk', () => {
  it('keeps a changed nickname, the session and the seed across a restart', async () => {
    const first = await start();
    expect(first.seedResult.createdAdmin).toBe(true);
    // The first-sign-in password change would refuse the profile edit.
    await first.services.db.update(sysUser).set({ forceModifyPassword: 'N' }).where(eq(sysUser.userName, 'admin'));
    const token = (await call(first, 'POST', '/login', undefined, { username: 'admin', password: 'admin123' })).data as string;
    expect((await call(first, 'PUT', '/system/user/profile', token, { nickName: 'Persisted' })).code).toBe(200);
    await first.close();

    const second = await start();
    try {
      expect(second.seedResult.createdAdmin).toBe(false);
      const info = await call(second, 'GET', '/getInfo', token);
      expect(info.code).toBe(200);
      expect(info.data.user.nickName).toBe('Persisted');
    } finally {
      await second.close();
    }
    // Two cold starts on disk (migrations, seed): longer than the default on a busy 2-core machine.
  }, 90_000);
});
