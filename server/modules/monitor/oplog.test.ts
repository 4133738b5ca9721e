import { describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { useTestServer } from '../../../tests/helpers/server.ts';
import { sysOperLog } from './schema.ts';

// Issue 8, low: the operation log kept webhook secrets in clear. Every secret a body carries is
// masked there: password fields, the secret sub-fields of a variant field, extra header values and
// the value of a secret config.
const ts = useTestServer();
const H = { repeatSubmit: 'false', 'accept-language': 'en' };

async function ok(method: string, path: string, body: unknown) {
  const r = await ts.api(method, path, { token: ts.admin, body, headers: H });
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}

describe('the operation log', () => {
  it('masks every secret a logged body carries', async () => {
    const hook = await ok('POST', '/system/messaging/config', {
      name: 'logged-hook', platform: 'WEBHOOK',
      config: { url: 'https://hooks.example.com/x', headers: 'X-Api-Key: k3y-in-header\nX-Team: web', authorization: 'Bearer T0ken-abc', secret: 'S1gning-secret' },
    });
    await ok('PUT', '/system/messaging/config', { configId: hook.configId, platform: 'SMTP', config: { host: 'smtp.example.com', port: 587, security: 'STARTTLS', username: 'u', password: 'Sm7p-pass', fromAddress: 'a@example.com' } });
    const secret = await ok('POST', '/system/config', { configName: 'Mail API', configKey: 'mail.apiSecret', configValue: 'C0nfig-secret' });
    await ok('PUT', '/system/config', { configId: secret.configId, configValue: 'C0nfig-secret-2' });
    await ok('PUT', '/system/config', { configId: secret.configId, configKey: 'mail.apiSecret', configValue: 'C0nfig-secret-3' });
    await ok('POST', '/system/config', { configName: 'Plain', configKey: 'plain.value', configValue: 'visible-value' });

    const logs = (await ts.database.db.select({ p: sysOperLog.operParam }).from(sysOperLog).orderBy(desc(sysOperLog.operId))).map((l) => l.p ?? '');
    const all = logs.join('\n');
    for (const leaked of ['k3y-in-header', 'T0ken-abc', 'S1gning-secret', 'Sm7p-pass', 'C0nfig-secret']) expect(all, leaked).not.toContain(leaked);
    expect(all).toContain('X-Api-Key: ******');
    expect(all).toContain('visible-value');
  });
});
